/**
 * The audit report as a PDF (pdf-lib): A4 pages with the report's facts, the
 * activities as a table whose header repeats on every page, and the totals
 * against the rules; page numbers in the footer. Text is drawn in embedded,
 * subset Unicode fonts (pdf-fonts.ts: Noto Sans, Noto Sans JP, Noto Emoji),
 * so names in any of Latin, Greek, Cyrillic, Japanese or Chinese script print
 * as typed and extract as text; line breaks in a description start new lines.
 *
 * Loaded only by the reports function, on the first report that needs it.
 */
import { PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import {
  type ReportModel,
  STATUS_TEXT,
  cycleText,
  firstCertifiedText,
  holderText,
  readyText,
  ruleText,
} from '@cpe/shared/audit-report';
import { ReportText, type TextStyle } from './pdf-fonts';

export const PDF_CONTENT_TYPE = 'application/pdf';

/** The A4 page, margin and colours of every PDF the app draws (the report, a message's proof). */
export const PAGE = { width: 595.28, height: 841.89 } as const;
export const MARGIN = 42;
export const BLACK = rgb(0, 0, 0);
export const GREY = rgb(0.35, 0.35, 0.35);
export const RULE = rgb(0.75, 0.75, 0.75);
const BODY = 9;
const LEADING = 11.5;

/** What wrap() needs of the fonts: a text's width, and each grapheme's for cutting a long word. */
export interface Measurer {
  measure(text: string): number;
  graphemeWidths(text: string): { segment: string; width: number }[];
}

/**
 * Lines of at most `width` points, in one pass: the text's own line breaks
 * (CR, LF or CRLF) end lines, words are measured once each and joined while
 * they fit, and a word longer than a line is cut between graphemes. Tabs and
 * runs of spaces read as one space.
 */
export function wrap(text: string, width: number, m: Measurer): string[] {
  const lines: string[] = [];
  const space = m.measure(' ');
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    let line = '';
    let lineWidth = 0;
    for (const word of paragraph.replaceAll('\t', ' ').split(' ')) {
      if (word === '') continue;
      const w = m.measure(word);
      if (line !== '' && lineWidth + space + w <= width) {
        line += ` ${word}`;
        lineWidth += space + w;
        continue;
      }
      if (line !== '') lines.push(line);
      if (w <= width) {
        line = word;
        lineWidth = w;
        continue;
      }
      line = '';
      lineWidth = 0;
      for (const g of m.graphemeWidths(word)) {
        if (line !== '' && lineWidth + g.width > width) {
          lines.push(line);
          line = '';
          lineWidth = 0;
        }
        line += g.segment;
        lineWidth += g.width;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** `text` cut to `width` points with an ellipsis, between graphemes. */
function fitted(text: string, width: number, m: Measurer): string {
  if (m.measure(text) <= width) return text;
  const room = width - m.measure('…');
  let out = '';
  let used = 0;
  for (const g of m.graphemeWidths(text)) {
    if (used + g.width > room) break;
    out += g.segment;
    used += g.width;
  }
  return `${out.trimEnd()}…`;
}

interface Column {
  title: string;
  width: number;
  align?: 'right';
}

const COLUMNS: Column[] = [
  { title: 'No.', width: 24 },
  { title: 'Date', width: 56 },
  { title: 'Activity, provider, category, description and proof files', width: 391 },
  { title: 'Units', width: 40, align: 'right' },
];
/** A proof file's name stays on one line (an auditor copies it) as it shrinks down to this size; longer, it wraps at it. */
const MIN_NAME_SIZE = 5.5;
const NAME_SIZE = 8;
const GAP = 0;
const CELL_PAD = 3;

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0$/, ''));

/** Every text of the report, for choosing the fonts it needs. */
function textsOf(model: ReportModel): string[] {
  const { input, rows } = model;
  return [
    holderText(input.holder),
    input.certification.certification_name,
    input.certification.member_id ?? '',
    firstCertifiedText(model) ?? '',
    input.catalogue ? `${input.catalogue.body} ${input.catalogue.fullName}` : '',
    ...rows.flatMap((r) => [
      r.activity_name,
      r.provider ?? '',
      r.categoryLabel ?? '',
      r.description,
      ...r.packetNames,
    ]),
    ...model.totals.categories.map((c) => c.label),
  ];
}

export interface PdfOptions {
  /** Receives the text engine, so a test can read how many graphemes it handled. */
  onText?: (text: ReportText) => void;
}

export async function reportPdf(model: ReportModel, options: PdfOptions = {}): Promise<Uint8Array> {
  const { input, rows, totals, unit } = model;
  const doc = await PDFDocument.create();
  const title = `CPE audit report: ${input.certification.certification_name}, ${cycleText(input.cycle)}`;
  doc.setTitle(title);
  doc.setAuthor(holderText(input.holder));
  doc.setSubject('Continuing professional education activities, proof files and totals');
  doc.setCreator('CPE Tracker');
  doc.setProducer('CPE Tracker');
  // Fixed, so the same data makes the same file.
  const made = new Date(`${input.generatedOn}T00:00:00Z`);
  doc.setCreationDate(made);
  doc.setModificationDate(made);

  const fonts = await ReportText.embed(doc, textsOf(model));
  options.onText?.(fonts);
  const measurer = (size: number, bold = false): Measurer => ({
    measure: (t) => fonts.measure(t, size, bold),
    graphemeWidths: (t) => fonts.graphemeWidths(t, size, bold),
  });
  const regular = measurer(BODY);
  const heading = measurer(BODY, true);

  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;

  const text = (
    s: string,
    x: number,
    size = BODY,
    style: Partial<Pick<TextStyle, 'bold' | 'color'>> = {},
  ) => fonts.draw(page, s, x, y, { size, bold: style.bold ?? false, color: style.color ?? BLACK });
  const newPage = () => {
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN;
  };
  const ensure = (height: number, onBreak?: () => void) => {
    if (y - height < MARGIN + 20) {
      newPage();
      onBreak?.();
    }
  };

  // Heading: what the report is about.
  text('CPE audit report', MARGIN, 18, { bold: true });
  y -= 26;
  const firstCertified = firstCertifiedText(model);
  const facts: [string, string][] = [
    ['Holder', holderText(input.holder)],
    ['Certification', input.certification.certification_name],
    [
      'Body',
      input.catalogue ? `${input.catalogue.body} (${input.catalogue.fullName})` : 'not given',
    ],
    ...(input.certification.member_id
      ? [['Member ID', input.certification.member_id] as [string, string]]
      : []),
    ['Cycle', cycleText(input.cycle) + (input.cycle.current ? ' (current)' : '')],
    ...(firstCertified === null ? [] : [['First certified', firstCertified] as [string, string]]),
    ['Generated', input.generatedOn],
  ];
  for (const [label, value] of facts) {
    text(label, MARGIN, 10, { bold: true });
    for (const line of wrap(value, PAGE.width - 2 * MARGIN - 90, measurer(10))) {
      ensure(13);
      text(line, MARGIN + 90, 10);
      y -= 13;
    }
  }
  y -= 8;

  const tableHeader = () => {
    let x = MARGIN;
    for (const col of COLUMNS) {
      const w = heading.measure(col.title);
      text(col.title, col.align === 'right' ? x + col.width - CELL_PAD - w : x + CELL_PAD, BODY, {
        bold: true,
      });
      x += col.width + GAP;
    }
    y -= 4;
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: PAGE.width - MARGIN, y },
      thickness: 0.8,
      color: RULE,
    });
    y -= LEADING;
  };

  text(`Activities (${rows.length})`, MARGIN, 12, { bold: true });
  y -= 18;
  if (rows.length === 0) {
    text('No activities in this cycle.', MARGIN, 10);
    y -= 16;
  } else tableHeader();

  const inner = (col: Column) => col.width - 2 * CELL_PAD;
  const names = measurer(NAME_SIZE);
  const smallNames = measurer(MIN_NAME_SIZE);
  type Line = { line: string; size: number; bold?: boolean; color?: ReturnType<typeof rgb> };
  for (const row of rows) {
    const [cNo, cDate, cActivity, cUnits] = COLUMNS as [Column, Column, Column, Column];
    const width = inner(cActivity);
    const lines: Line[] = [
      ...wrap(row.activity_name, width, heading).map((line) => ({
        line,
        size: BODY,
        bold: true,
      })),
      ...wrap(
        [row.provider ? `Provider: ${row.provider}` : 'Provider: not given']
          .concat(row.categoryLabel ? [`Category: ${row.categoryLabel}`] : [])
          .join('   '),
        width,
        regular,
      ).map((line) => ({ line, size: BODY, color: GREY })),
      // A row the rules count only in part (a cap reached, a date they do not take) says so:
      // the units column alone would not add up to the totals.
      ...(row.counted === row.units
        ? []
        : wrap(`Counted: ${fmt(row.counted)} of its ${fmt(row.units)}`, width, regular).map(
            (line) => ({ line, size: BODY, color: GREY }),
          )),
      ...(row.description ? wrap(row.description, width, regular) : []).map((line) => ({
        line,
        size: BODY,
      })),
      ...(row.packetNames.length ? row.packetNames : ['none']).flatMap((name) => {
        const line = `Proof: ${name}`;
        const fit = (NAME_SIZE * width) / Math.max(1, names.measure(line));
        const color = row.packetNames.length ? rgb(0, 0.2, 0.45) : GREY;
        // Too long even at the smallest size: it wraps at that size rather than leave the page.
        if (fit < MIN_NAME_SIZE) {
          return wrap(line, width, smallNames).map((part) => ({
            line: part,
            size: MIN_NAME_SIZE,
            color,
          }));
        }
        return [{ line, size: Math.min(NAME_SIZE, fit), color }];
      }),
    ];
    // A row moves to a new page when it does not fit; one taller than a page
    // continues over as many pages as it needs, the table header repeated.
    const bottom = MARGIN + 20 + 4;
    const roomFor = () => Math.floor((y - bottom) / LEADING) + 1;
    const fullPage = Math.floor((PAGE.height - 2 * MARGIN - bottom) / LEADING);
    if (roomFor() < Math.min(lines.length, fullPage)) {
      newPage();
      tableHeader();
    }
    for (let first = 0; first < lines.length;) {
      if (first > 0) {
        newPage();
        tableHeader();
      }
      const take = Math.min(lines.length - first, Math.max(1, roomFor()));
      let x = MARGIN;
      const top = y;
      if (first === 0) {
        text(String(row.number), x + CELL_PAD);
        text(row.activity_date, x + cNo.width + GAP + CELL_PAD);
        const units = fmt(row.units);
        const unitsX = MARGIN + cNo.width + cDate.width + cActivity.width + 3 * GAP;
        text(units, unitsX + cUnits.width - CELL_PAD - regular.measure(units));
      }
      x += cNo.width + cDate.width + 2 * GAP;
      for (let i = 0; i < take; i++) {
        const l = lines[first + i] as Line;
        y = top - i * LEADING;
        text(l.line, x + CELL_PAD, l.size, { bold: l.bold ?? false, color: l.color ?? BLACK });
      }
      first += take;
      y = top - (take - 1) * LEADING - 4;
      page.drawLine({
        start: { x: MARGIN, y },
        end: { x: PAGE.width - MARGIN, y },
        thickness: 0.4,
        color: RULE,
      });
      y -= LEADING;
    }
  }

  // Totals against the rules.
  const totalRows: [string, string, string, string][] = [
    [
      'Cycle total',
      fmt(totals.earned),
      totals.target === null ? '' : `${fmt(totals.target)} required`,
      STATUS_TEXT[totals.status],
    ],
    ...(totals.carriedIn > 0
      ? [
          ['Carried in from the cycle before', fmt(totals.carriedIn), '', ''] as [
            string,
            string,
            string,
            string,
          ],
        ]
      : []),
    ...totals.years.map((t): [string, string, string, string] => [
      `Year ${t.label}`,
      fmt(t.earned),
      t.minimum === null ? '' : `at least ${fmt(t.minimum)}`,
      STATUS_TEXT[t.status],
    ]),
    ...totals.categories.map((c): [string, string, string, string] => [
      c.category === null ? 'No category' : `Category: ${c.label}`,
      fmt(c.earned),
      ruleText(c.min, c.max, c.per),
      STATUS_TEXT[c.status],
    ]),
    ...totals.windows.map((w): [string, string, string, string] => [
      `Rolling: ${w.label}`,
      fmt(w.earned),
      `at least ${fmt(w.minimum)}`,
      STATUS_TEXT[w.status],
    ]),
    ...(totals.ready === null
      ? []
      : [
          ['All requirements', '', '', readyText(totals.ready)] as [string, string, string, string],
        ]),
  ];
  ensure(40);
  y -= 8;
  text(`Totals (${unit})`, MARGIN, 12, { bold: true });
  y -= 18;
  // Label, earned, rule and status; the status ("credited to a new holder") has room to the margin.
  const totalsX = [MARGIN, MARGIN + 235, MARGIN + 290, MARGIN + 395];
  const statusWidth = PAGE.width - MARGIN - totalsX[3]!;
  for (const cells of totalRows) {
    const labelLines = wrap(cells[0], 225, regular);
    const flagged = !(cells[3] === 'met' || cells[3] === '');
    const statusLines = wrap(cells[3], statusWidth, flagged ? heading : regular);
    const height = Math.max(labelLines.length, statusLines.length);
    ensure(height * LEADING + 2);
    const top = y;
    labelLines.forEach((line, i) => {
      y = top - i * LEADING;
      text(line, totalsX[0]!);
    });
    // Drawn in reading order, so the text copies and extracts as label, earned, rule, status.
    y = top;
    text(cells[1], totalsX[1]!);
    text(cells[2], totalsX[2]!);
    statusLines.forEach((line, i) => {
      y = top - i * LEADING;
      text(line, totalsX[3]!, BODY, { bold: flagged });
    });
    y = top - height * LEADING - 2;
  }

  const pages = doc.getPages();
  const footerSize = 7.5;
  const footerTitle = fitted(title, PAGE.width - 2 * MARGIN - 80, measurer(footerSize));
  pages.forEach((p, i) => {
    fonts.draw(p, `${footerTitle}  -  page ${i + 1} of ${pages.length}`, MARGIN, MARGIN - 18, {
      size: footerSize,
      color: GREY,
    });
  });

  return doc.save({ useObjectStreams: true });
}
