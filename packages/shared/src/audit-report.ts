/**
 * What an audit report says, whatever its format (CSV, PDF, the ZIP packet):
 * the holder, the certification and its body, the cycle, each activity with
 * its units for this certification and the names its proof files carry in the
 * packet, and the totals per year and per category against the body's rules.
 * Pure: the API's renderers (packages/api/src/reports) only lay it out.
 */
import type { CreditUnit, RenewalRule, RulePeriod } from './catalogue/types';
import { addMonthsIso } from './dates';

/** The cycle reported on (readiness.ts's cyclesOf finds them). */
export interface ReportCycle {
  start: string;
  /** Null for a current cycle without expiry. */
  end: string | null;
  current: boolean;
}

export interface ReportFile {
  file_id: string;
  file_name: string;
  content_type: string;
  size: number;
}

export interface ReportActivity {
  activity_id: string;
  activity_name: string;
  activity_date: string;
  /** The activity's units for this certification (its credit's). */
  units: number;
  category: string | null;
  provider: string | null;
  description: string;
  files: readonly ReportFile[];
}

export interface ReportInput {
  holder: { email: string };
  certification: {
    certification_id: string;
    certification_name: string;
    unit: CreditUnit | null;
    cpe_needed: number | null;
    annual_minimum: number | null;
  };
  /** The catalogue entry's body and rules; null when the certification names no entry. */
  catalogue: { body: string; fullName: string; renewal: RenewalRule } | null;
  cycle: ReportCycle;
  activities: readonly ReportActivity[];
  /** The day the report is made (the handler's clock). */
  generatedOn: string;
}

export interface ReportRow extends ReportActivity {
  /** 1-based, in date order: what the packet's file names start with. */
  number: number;
  /** The category's label from the rules, or the stored category as it is. */
  categoryLabel: string | null;
  /** Each file's name inside the packet, in the order of `files`. */
  packetNames: string[];
}

export interface YearTotal {
  /** "2026" (calendar years) or "2026-03-01 to 2027-02-28" (years of the cycle). */
  label: string;
  start: string;
  /** Exclusive. */
  end: string;
  earned: number;
  minimum: number | null;
}

export type RuleStatus = 'met' | 'short' | 'over' | 'none';

export interface CategoryTotal {
  /** The rules' id, or the stored category when the rules do not name it; null: uncategorised. */
  category: string | null;
  label: string;
  earned: number;
  min: number | null;
  max: number | null;
  per: 'cycle' | 'year' | null;
  status: RuleStatus;
}

export interface ReportModel {
  input: ReportInput;
  /** The unit's name for the figures ("CPE" when neither certification nor catalogue says). */
  unit: string;
  rows: ReportRow[];
  totals: {
    earned: number;
    target: number | null;
    status: RuleStatus;
    years: YearTotal[];
    categories: CategoryTotal[];
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A name part an auditor can read and every file system accepts: lowercase ASCII words joined by '-'. */
export function slugOf(text: string, maxLength = 40): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
  return slug || 'activity';
}

/** Control characters, path separators and what Windows refuses in a name. */
function unsafeInFileName(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || '/\\:*?"<>|'.includes(char);
}

/** A packet name stays on one line of the PDF report. */
const MAX_FILE_NAME = 60;

/** A stored file name made safe for a ZIP entry: no path separators, control or reserved characters. */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/./gsu, (char) => (unsafeInFileName(char) ? '\u0000' : char))
    .replace(/\0+/g, '-')
    .replace(/^[.\s-]+/, '')
    .trim();
  if (cleaned.length <= MAX_FILE_NAME) return cleaned || 'file';
  // Long names keep their start and their extension.
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return `${cleaned.slice(0, MAX_FILE_NAME - ext.length).trimEnd()}${ext}`;
}

/**
 * `03-2026-05-14-cloud-security-summit-certificate.pdf`: the activity's
 * number in the report, its date and name, then the file's own name, so an
 * auditor matches each file to its line. Names are unique within a report.
 */
function packetNamesOf(rows: readonly Omit<ReportRow, 'packetNames'>[], width: number): string[][] {
  const used = new Set<string>();
  return rows.map((row) =>
    row.files.map((file) => {
      const base = `${String(row.number).padStart(width, '0')}-${row.activity_date}-${slugOf(row.activity_name)}-${safeFileName(file.file_name)}`;
      let name = base;
      for (let n = 2; used.has(name.toLowerCase()); n++) {
        const dot = base.lastIndexOf('.');
        name = dot > 0 ? `${base.slice(0, dot)}-${n}${base.slice(dot)}` : `${base}-${n}`;
      }
      used.add(name.toLowerCase());
      return name;
    }),
  );
}

/** A category's minimum and cap, or an activity kind's cap: what a stored `category` may name. */
interface CategoryRule {
  id: string;
  label: string;
  min?: number | undefined;
  max?: number | undefined;
  per: RulePeriod;
}

function categoryRules(renewal: RenewalRule | undefined): CategoryRule[] {
  if (!renewal) return [];
  const kinds = renewal.activityCaps
    .filter((cap) => !renewal.categories.some((c) => c.id === cap.kind))
    .map((cap) => ({ id: cap.kind, label: cap.label, max: cap.max, per: cap.per }));
  return [...renewal.categories, ...kinds];
}

function findCategory(
  rules: readonly CategoryRule[],
  stored: string | null,
): CategoryRule | undefined {
  if (stored === null) return undefined;
  const key = stored.trim().toLowerCase();
  return rules.find((c) => c.id === key || c.label.toLowerCase() === key);
}

function statusOf(earned: number, min: number | null, max: number | null): RuleStatus {
  if (min === null && max === null) return 'none';
  if (min !== null && earned < min) return 'short';
  if (max !== null && earned > max) return 'over';
  return 'met';
}

/** The years the cycle is counted in: calendar years when the body counts those, else years from the cycle's start. */
function yearsOf(input: ReportInput, lastDate: string): Omit<YearTotal, 'earned'>[] {
  const { cycle, catalogue, certification } = input;
  const minimum = certification.annual_minimum ?? catalogue?.renewal.annualMinimum ?? null;
  const end = cycle.end ?? lastDate;
  const years: Omit<YearTotal, 'earned'>[] = [];
  if (catalogue?.renewal.annualYear === 'calendar') {
    const first = Number(cycle.start.slice(0, 4));
    const last = Math.max(first, Number(end.slice(0, 4)));
    for (let y = first; y <= last && years.length < 100; y++) {
      years.push({ label: String(y), start: `${y}-01-01`, end: `${y + 1}-01-01`, minimum });
    }
    return years;
  }
  for (let start = cycle.start; start <= end && years.length < 100;) {
    const next = addMonthsIso(start, 12);
    years.push({ label: `${start} to ${addDaysBefore(next) ?? next}`, start, end: next, minimum });
    start = next;
  }
  return years;
}

/** The day before an ISO date. */
function addDaysBefore(date: string): string | undefined {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return undefined;
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** The report's content: rows in date order with their packet names, and the totals against the rules. */
export function buildReportModel(input: ReportInput): ReportModel {
  const rules = categoryRules(input.catalogue?.renewal);
  const sorted = [...input.activities].sort(
    (a, b) =>
      a.activity_date.localeCompare(b.activity_date) ||
      a.activity_name.localeCompare(b.activity_name) ||
      a.activity_id.localeCompare(b.activity_id),
  );
  const numbered = sorted.map((a, i) => ({
    ...a,
    number: i + 1,
    categoryLabel: findCategory(rules, a.category)?.label ?? a.category,
  }));
  const width = Math.max(2, String(numbered.length).length);
  const names = packetNamesOf(numbered, width);
  const rows: ReportRow[] = numbered.map((r, i) => ({ ...r, packetNames: names[i] ?? [] }));

  const earned = round2(rows.reduce((sum, r) => sum + r.units, 0));
  const target = input.certification.cpe_needed ?? input.catalogue?.renewal.total ?? null;
  const lastDate = rows.reduce(
    (max, r) => (r.activity_date > max ? r.activity_date : max),
    input.generatedOn,
  );
  const years = yearsOf(input, lastDate).map((y) => ({
    ...y,
    earned: round2(
      rows
        .filter((r) => r.activity_date >= y.start && r.activity_date < y.end)
        .reduce((sum, r) => sum + r.units, 0),
    ),
  }));

  const categories: CategoryTotal[] = [];
  const byKey = new Map<string | null, number>();
  for (const row of rows) {
    const key = findCategory(rules, row.category)?.id ?? row.category?.trim() ?? null;
    byKey.set(key, (byKey.get(key) ?? 0) + row.units);
  }
  for (const rule of rules) {
    const sum = round2(byKey.get(rule.id) ?? 0);
    byKey.delete(rule.id);
    const min = rule.min ?? null;
    const max = rule.max ?? null;
    // A yearly rule is checked year by year: the worst year decides.
    const status =
      rule.per === 'year'
        ? worst(
            years.map((y) =>
              statusOf(
                round2(
                  rows
                    .filter(
                      (r) =>
                        findCategory(rules, r.category)?.id === rule.id &&
                        r.activity_date >= y.start &&
                        r.activity_date < y.end,
                    )
                    .reduce((s, r) => s + r.units, 0),
                ),
                min,
                max,
              ),
            ),
          )
        : statusOf(sum, min, max);
    categories.push({
      category: rule.id,
      label: rule.label,
      earned: sum,
      min,
      max,
      per: rule.per,
      status,
    });
  }
  for (const [key, sum] of byKey) {
    categories.push({
      category: key,
      label: key ?? 'No category',
      earned: round2(sum),
      min: null,
      max: null,
      per: null,
      status: 'none',
    });
  }

  return {
    input,
    unit: input.certification.unit ?? input.catalogue?.renewal.unit ?? 'CPE',
    rows,
    totals: { earned, target, status: statusOf(earned, target, null), years, categories },
  };
}

function worst(statuses: RuleStatus[]): RuleStatus {
  for (const s of ['short', 'over', 'met'] as const) if (statuses.includes(s)) return s;
  return 'none';
}

/** How a rule reads: "at least 90 per cycle", "at most 30 per year", "90 to 120 per cycle". */
export function ruleText(
  min: number | null,
  max: number | null,
  per: 'cycle' | 'year' | null,
): string {
  const when = per ? ` per ${per}` : '';
  if (min !== null && max !== null) return `${min} to ${max}${when}`;
  if (min !== null) return `at least ${min}${when}`;
  if (max !== null) return `at most ${max}${when}`;
  return '';
}

export const STATUS_TEXT: Record<RuleStatus, string> = {
  met: 'met',
  short: 'short',
  over: 'over the cap',
  none: '',
};

/** How a cycle reads: "2024-02-29 to 2027-02-28", "from 2026-03-01" (no expiry). */
export function cycleText(cycle: ReportCycle): string {
  return cycle.end === null ? `from ${cycle.start}` : `${cycle.start} to ${cycle.end}`;
}
