/**
 * The audit report as CSV for a spreadsheet: the report's facts as label and
 * value rows, the activities as a table, then the totals against the rules.
 * UTF-8 with a byte order mark and CRLF lines, which Excel needs to read
 * accents and line breaks right. Every field holding a line break (CR or LF)
 * is quoted, so no reader starts a row inside it, and every line of a text
 * cell that a spreadsheet (or a reader splitting lines) would take for a
 * formula is neutralised.
 */
import { stringify } from 'csv-stringify/sync';
import {
  type ReportModel,
  STATUS_TEXT,
  cycleText,
  firstCertifiedText,
  holderText,
  readyText,
  ruleText,
} from '@cpe/shared/audit-report';

/**
 * A line start a spreadsheet reads as a formula (OWASP's CSV injection list:
 * = + - @ or a tab), at the start of the cell or after any line break in it,
 * behind any apostrophes (the guard's own mark: `'=x` typed by the user is
 * written `''=x`, so reading the report back gives `'=x` again). A carriage
 * return is one only at the cell's start: after a line break it is the next
 * line break. One pass: each position tries a fixed set of short alternatives.
 */
const FORMULA_LINE_START = /(^|\r\n|\r|\n)('*[=+\-@\t])/g;

/** Line breaks of any kind: a field holding one is quoted. */
const LINE_BREAK = /[\r\n]/;

/**
 * A text cell a spreadsheet shows as text: each of its lines that starts
 * with = + - @ or a tab (the cell's first also with a carriage return), behind any
 * apostrophes, gets a leading apostrophe. Numbers stay numbers.
 */
export function spreadsheetSafe(value: string | number | null): string | number {
  if (value === null) return '';
  if (typeof value === 'number') return value;
  return value.replace(FORMULA_LINE_START, "$1'$2").replace(/^'*\r/, "'$&");
}

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

export function reportCsv(model: ReportModel): string {
  const { input, rows, totals, unit } = model;
  const firstCertified = firstCertifiedText(model);
  const records: (string | number | null)[][] = [
    ['CPE audit report'],
    ['Holder', holderText(input.holder)],
    ['Certification', input.certification.certification_name],
    ['Body', input.catalogue ? `${input.catalogue.body} (${input.catalogue.fullName})` : null],
    ...(input.certification.member_id ? [['Member ID', input.certification.member_id]] : []),
    ['Cycle', cycleText(input.cycle)],
    // The first-cycle rules the statuses below follow hang on it.
    ...(firstCertified === null ? [] : [['First certified', firstCertified]]),
    ['Generated', input.generatedOn],
    [],
    [
      'No.',
      'Date',
      'Activity',
      'Provider',
      'Category',
      `Units (${unit})`,
      // What the body's rules count of it (caps, the cycle's dates): the rows add up to the totals.
      `Counted (${unit})`,
      'Description',
      'Proof files (names in the audit packet)',
    ],
    ...rows.map((r) => [
      r.number,
      r.activity_date,
      r.activity_name,
      r.provider,
      r.categoryLabel,
      r.units,
      r.counted,
      r.description,
      r.packetNames.join('\n') || 'none',
    ]),
    [],
    ['Totals', `Earned (${unit})`, 'Required', 'Status'],
    ['Cycle', totals.earned, totals.target, STATUS_TEXT[totals.status]],
    ...(totals.carriedIn > 0
      ? [['Carried in from the cycle before', totals.carriedIn, null, null]]
      : []),
    ...totals.years.map((y) => [
      `Year ${y.label}`,
      y.earned,
      y.minimum === null ? null : `at least ${y.minimum}`,
      STATUS_TEXT[y.status] || null,
    ]),
    ...totals.categories.map((c) => [
      `Category ${c.label}`,
      c.earned,
      ruleText(c.min, c.max, c.per) || null,
      STATUS_TEXT[c.status] || null,
    ]),
    ...totals.windows.map((w) => [
      `Rolling ${w.label}`,
      w.earned,
      `at least ${w.minimum}`,
      STATUS_TEXT[w.status] || null,
    ]),
    ...(totals.ready === null ? [] : [['All requirements', null, null, readyText(totals.ready)]]),
  ];
  return stringify(
    records.map((record) => record.map(spreadsheetSafe)),
    { bom: true, record_delimiter: 'windows', quoted_match: LINE_BREAK },
  );
}
