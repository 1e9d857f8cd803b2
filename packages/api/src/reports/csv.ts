/**
 * The audit report as CSV for a spreadsheet: the report's facts as label and
 * value rows, the activities as a table, then the totals against the rules.
 * UTF-8 with a byte order mark and CRLF lines, which Excel needs to read
 * accents and line breaks right; every text cell that a spreadsheet would take
 * for a formula is neutralised.
 */
import { stringify } from 'csv-stringify/sync';
import { type ReportModel, STATUS_TEXT, cycleText, ruleText } from '@cpe/shared/audit-report';

/** What makes a spreadsheet read a cell as a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell a spreadsheet shows as text: one starting with = + - @, a tab or
 * a carriage return gets a leading apostrophe. Numbers stay numbers.
 */
export function spreadsheetSafe(value: string | number | null): string | number {
  if (value === null) return '';
  if (typeof value === 'number') return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

export function reportCsv(model: ReportModel): string {
  const { input, rows, totals, unit } = model;
  const records: (string | number | null)[][] = [
    ['CPE audit report'],
    ['Holder', input.holder.email],
    ['Certification', input.certification.certification_name],
    ['Body', input.catalogue ? `${input.catalogue.body} (${input.catalogue.fullName})` : null],
    ['Cycle', cycleText(input.cycle)],
    ['Generated', input.generatedOn],
    [],
    [
      'No.',
      'Date',
      'Activity',
      'Provider',
      'Category',
      `Units (${unit})`,
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
  ];
  return stringify(
    records.map((record) => record.map(spreadsheetSafe)),
    { bom: true, record_delimiter: 'windows' },
  );
}
