/**
 * A spreadsheet file's bytes as a table: the header row's cells and every
 * other row with its place in the file. CSV is read with csv-parse (UTF-8,
 * else Windows-1252; comma, semicolon or tab), XLSX with read-excel-file
 * (the first sheet). A CSV record whose quoting is broken does not stop the
 * rest: its line becomes a row with an error, and reading goes on at the
 * next line. The app's own audit report CSV is recognised by its title and
 * read from its activities table; the account export JSON is read as is
 * (the caller maps it).
 */
import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { IMPORT_RULES, type ImportFormat } from '@cpe/shared/schemas';
import { ImportRefusal } from './refusal';

/** A cell as read: text from CSV, typed values from a workbook. */
export type Cell = string | number | boolean | Date | null;

export interface TableRow {
  /** The line (CSV) or row (XLSX) where the record starts, 1-based. */
  row: number;
  cells: Cell[];
  /** Why the row cannot be read (broken quoting, too few fields). */
  error?: string;
}

export interface Table {
  format: Exclude<ImportFormat, 'account-json'>;
  headers: string[];
  rows: TableRow[];
  /** The audit report's certification (its "Certification" line). */
  reportCertification?: string;
  /** The audit report's body line ("ISC2 (Certified Information Systems Security Professional)"). */
  reportBody?: string;
  /** The audit report's cycle ("2024-02-29 to 2027-02-28", "from 2026-03-01"). */
  reportCycle?: string;
  /** The audit report's "First certified" line (a renewed certification's); absent for a first cycle. */
  reportFirstCertified?: string;
  /** The unit its activities table counts in ("CEU" of "Units (CEU)"). */
  reportUnit?: string;
  /** The cycle's total required, from its totals ("Cycle" under "Totals"), as printed. */
  reportRequired?: string;
}

export interface AccountExport {
  format: 'account-json';
  document: Record<string, unknown>;
}

/** The first line of the app's audit report CSV (reports/csv.ts). */
export const REPORT_TITLE = 'CPE audit report';

const PK = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** Decodes base64 (with or without padding); refuses anything else. */
export function decodeBase64(content: string): Buffer {
  const compact = content.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) {
    throw new ImportRefusal('is not base64');
  }
  const bytes = Buffer.from(compact, 'base64');
  if (bytes.length === 0) throw new ImportRefusal('is empty');
  if (bytes.length > IMPORT_RULES.maxBytes) {
    throw new ImportRefusal(`is more than ${IMPORT_RULES.maxBytes} bytes (4 MB)`);
  }
  return bytes;
}

/** Reads a file into a table (or the account export's document). */
export async function readFile(bytes: Buffer, fileName: string): Promise<Table | AccountExport> {
  if (startsWith(bytes, PK)) return readWorkbook(bytes);
  if (startsWith(bytes, OLE) || /\.xls$/i.test(fileName)) {
    throw new ImportRefusal('is an old Excel .xls file: save it as .xlsx or CSV and try again');
  }
  if (/\.xlsx$/i.test(fileName)) throw new ImportRefusal('is not an Excel .xlsx workbook');
  const text = decodeText(bytes);
  if (/^\s*[{[]/.test(text)) return readJson(text);
  return readCsv(text);
}

function decodeText(bytes: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Excel's "CSV" on Windows writes the ANSI code page.
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  if (text.includes('\u0000')) throw new ImportRefusal('is not a text file (CSV) or a workbook');
  return text.replace(/^\uFEFF/, '');
}

function readJson(text: string): AccountExport {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new ImportRefusal('is not valid JSON');
  }
  if (
    typeof document !== 'object' ||
    document === null ||
    Array.isArray(document) ||
    !Array.isArray((document as Record<string, unknown>).activities) ||
    !Array.isArray((document as Record<string, unknown>).certifications)
  ) {
    throw new ImportRefusal(
      'is JSON but not an account export (it needs "certifications" and "activities" lists)',
    );
  }
  return { format: 'account-json', document: document as Record<string, unknown> };
}

/** The separator the header line uses most outside quotes: comma, semicolon or tab. */
export function detectDelimiter(text: string): string {
  const firstLine = text.split(/\r\n|\n|\r/, 1)[0] ?? '';
  const outside = firstLine.replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t'].map((d) => ({ d, n: outside.split(d).length - 1 }));
  counts.sort((a, b) => b.n - a.n);
  return counts[0] && counts[0].n > 0 ? counts[0].d : ',';
}

const isBlank = (cells: readonly Cell[]) =>
  cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''));

/**
 * Every record of a CSV text with the line it starts on. A record csv-parse
 * refuses (a quote not closed, text after a closing quote) is its first line
 * alone, carrying the reason; reading resumes on the line after it.
 */
export function csvRecords(text: string, delimiter = detectDelimiter(text)): TableRow[] {
  const lines = text.split(/\r\n|\n|\r/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const out: TableRow[] = [];
  let from = 0;
  while (from < lines.length) {
    const parsed: TableRow[] = [];
    let end = from;
    try {
      parse(lines.slice(from).join('\n'), {
        delimiter,
        relax_column_count: true,
        on_record: (record: string[], context) => {
          parsed.push({ row: end + 1, cells: record });
          end = from + context.lines;
          return null;
        },
      });
      out.push(...parsed);
      break;
    } catch (error) {
      out.push(...parsed);
      const reason = error instanceof Error ? error.message : String(error);
      out.push({ row: end + 1, cells: [lines[end] ?? ''], error: csvReason(reason) });
      from = end + 1;
      if (out.length > IMPORT_RULES.maxRows + 50) break;
    }
  }
  return out.filter((r) => r.error !== undefined || !isBlank(r.cells));
}

/** csv-parse's message without its own line numbers (the preview shows the row). */
function csvReason(message: string): string {
  if (/Quote Not Closed/i.test(message)) return 'A quote opened in this row is never closed.';
  if (/Invalid Closing Quote/i.test(message)) {
    return 'A quoted field is followed by text before the next separator.';
  }
  if (/Invalid Opening Quote/i.test(message)) return 'A quote appears inside an unquoted field.';
  return `This row is not valid CSV: ${message.replace(/\s+at line \d+.*$/i, '')}`;
}

function readCsv(text: string): Table {
  const records = csvRecords(text);
  const first = records[0];
  if (!first) throw new ImportRefusal('has no rows');
  if (String(first.cells[0] ?? '').trim() === REPORT_TITLE) return readReport(records);
  return tableOf('csv', records);
}

/** A table from its records: the first is the header row. */
function tableOf(format: Table['format'], records: TableRow[]): Table {
  const [header, ...rows] = records;
  if (!header) throw new ImportRefusal('has no rows');
  if (header.error !== undefined) {
    throw new ImportRefusal(`has a header row that cannot be read: ${header.error}`);
  }
  const headers = header.cells.map((c) => cellText(c));
  while (headers.length > 0 && headers[headers.length - 1] === '') headers.pop();
  if (rows.length > IMPORT_RULES.maxRows) {
    throw new ImportRefusal(
      `has ${rows.length} rows; at most ${IMPORT_RULES.maxRows} can be imported at once`,
    );
  }
  if (format !== 'xlsx') {
    for (const r of rows) {
      if (r.error === undefined && r.cells.length < headers.length) {
        r.error = `This row has ${r.cells.length} fields where the header has ${headers.length}.`;
      }
    }
  }
  return { format, headers, rows };
}

/**
 * The audit report: label rows, then the activities table from its header
 * (No., Date, Activity, ...) to the first empty line.
 */
function readReport(records: TableRow[]): Table {
  const label = (name: string) => records.find((r) => cellText(r.cells[0] ?? null) === name);
  const certification = label('Certification');
  const cycle = label('Cycle');
  const body = label('Body');
  const firstCertified = label('First certified');
  const start = records.findIndex(
    (r) => cellText(r.cells[0] ?? null) === 'No.' && cellText(r.cells[1] ?? null) === 'Date',
  );
  if (start < 0) throw new ImportRefusal('is an audit report without its activities table');
  const header = records[start];
  const table: TableRow[] = header ? [header] : [];
  // Each activity's line starts with its number; the totals follow.
  let end = start + 1;
  for (const r of records.slice(start + 1)) {
    if (r.error === undefined && !/^\d+$/.test(cellText(r.cells[0] ?? null))) break;
    table.push({ ...r, cells: r.cells.map(unneutralise) });
    end++;
  }
  const totals = records.findIndex((r, i) => i >= end && cellText(r.cells[0] ?? null) === 'Totals');
  const cycleTotal = totals < 0 ? undefined : records[totals + 1];
  const result = tableOf('report-csv', table);
  const name = certification ? cellText(certification.cells[1] ?? null) : '';
  if (name !== '') result.reportCertification = String(unneutralise(name));
  if (cycle) result.reportCycle = cellText(cycle.cells[1] ?? null);
  if (body) result.reportBody = cellText(body.cells[1] ?? null);
  if (firstCertified) result.reportFirstCertified = cellText(firstCertified.cells[1] ?? null);
  const unit = /^Units \((.+)\)$/.exec(cellText(header?.cells[5] ?? null))?.[1];
  if (unit !== undefined) result.reportUnit = unit;
  if (cycleTotal && cellText(cycleTotal.cells[0] ?? null) === 'Cycle') {
    result.reportRequired = cellText(cycleTotal.cells[2] ?? null);
  }
  return result;
}

/**
 * Undoes the report's formula neutralising (reports/csv.ts): the apostrophe
 * the report put before = + - @ or a tab at a line start (behind any
 * apostrophes of the text itself), or before a carriage return opening the cell.
 */
export function unneutralise(cell: Cell): Cell {
  if (typeof cell !== 'string') return cell;
  return cell.replace(/(^|\r\n|\r|\n)'('*[=+\-@\t])/g, '$1$2').replace(/^'('*\r)/, '$1');
}

async function readWorkbook(bytes: Buffer): Promise<Table> {
  let data: Cell[][];
  try {
    data = (await readSheet(bytes)) as Cell[][];
  } catch {
    throw new ImportRefusal('is not an Excel .xlsx workbook that can be read');
  }
  const records: TableRow[] = [];
  data.forEach((cells, i) => {
    if (!isBlank(cells)) records.push({ row: i + 1, cells });
  });
  if (records.length === 0) throw new ImportRefusal('has no rows in its first sheet');
  return tableOf('xlsx', records);
}

/** A workbook date a calendar can print (a serial far out of range reads as an invalid Date). */
export const isValidDate = (date: Date) => {
  const year = date.getUTCFullYear();
  return !Number.isNaN(date.getTime()) && year >= 0 && year <= 9999;
};

/** A cell as trimmed text (an unreadable date as nothing). */
export function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return isValidDate(cell) ? cell.toISOString().slice(0, 10) : '';
  return String(cell).trim();
}
