/**
 * What an audit report says, whatever its format (CSV, PDF, the ZIP packet):
 * the holder, the certification and its body, the cycle, each activity with
 * its units for this certification and the names its proof files carry in the
 * packet, and the totals per year and per category against the body's rules.
 * Pure: the API's renderers (packages/api/src/reports) only lay it out.
 */
import type { CreditUnit, RenewalRule } from './catalogue/types';
import { type Requirement, type Standing, evaluate } from './rules';
import { ruleForCycle } from './rules/versions';
import { PROOF_EXTENSIONS, type ProofContentType } from './schemas/limits';

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
  /** The holder: their email, and their name when they gave one on the account page. */
  holder: { email: string; name?: string | null };
  certification: {
    certification_id: string;
    certification_name: string;
    unit: CreditUnit | null;
    cpe_needed: number | null;
    annual_minimum: number | null;
    /** When the holder was first certified; the cycle's start when not given. */
    certified_on?: string;
    cycle_months?: number | null;
    /** Credits carried into the cycle reported on, and their category. */
    carried_in?: number;
    carried_category?: string | null;
    /** The holder's member number with the body; printed when given. */
    member_id?: string | null;
  };
  /** The catalogue entry's body and rules; null when the certification names no entry. */
  catalogue: { body: string; fullName: string; renewal: RenewalRule } | null;
  cycle: ReportCycle;
  activities: readonly ReportActivity[];
  /** Credits of earlier cycles, counted only by a rolling window reaching back before the cycle. */
  earlier?: readonly {
    activity_id: string;
    activity_date: string;
    units: number;
    category: string | null;
  }[];
  /** The day the report is made (the handler's clock). */
  generatedOn: string;
}

export interface ReportRow extends ReportActivity {
  /** 1-based, in date order: what the packet's file names start with. */
  number: number;
  /**
   * The category's label from the certification's rules; the stored category
   * as it is for a certification without rules; null when the rules do not
   * name it (a category chosen for another body).
   */
  categoryLabel: string | null;
  /** What counts after the body's caps. */
  counted: number;
  /** Each file's name inside the packet, in the order of `files`. */
  packetNames: string[];
}

export interface YearTotal {
  /** "2026" (calendar years), "2025-26" (fiscal years) or "2026-03-01 to 2027-02-28" (years of the cycle). */
  label: string;
  start: string;
  /** Inclusive. */
  end: string;
  earned: number;
  /** The minimum for the year as the body counts it (prorated for a part-year); null when none. */
  minimum: number | null;
  status: RuleStatus;
}

export type RuleStatus = 'met' | 'short' | 'over' | 'credited' | 'exempt' | 'none';

/** A rolling window the body counts over (CPA Canada's 120 hours in three years, say). */
export interface WindowTotal {
  /** The engine's: "2023-01-01 to 2025-12-31 (3 years at most)", "Ethics, 2023-01-01 to 2025-12-31". */
  label: string;
  /** The category the window counts; null: every credit. */
  category: string | null;
  earned: number;
  minimum: number;
  status: RuleStatus;
}

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
  /** The rules engine's answer for the cycle reported on. */
  standing: Standing;
  /** The unit's name for the figures ("CPE" when neither certification nor catalogue says). */
  unit: string;
  rows: ReportRow[];
  totals: {
    earned: number;
    target: number | null;
    status: RuleStatus;
    years: YearTotal[];
    categories: CategoryTotal[];
    /** Rolling windows reaching back before the cycle, where the body counts one. */
    windows: WindowTotal[];
    /** Credits carried into the cycle by the renewal before it. */
    carriedIn: number;
    /** Every requirement above is met (or waived by the body); null when the body sets none. */
    ready: boolean | null;
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

/**
 * Bidirectional controls: `invoice\u202Efdp.exe` shows as `invoiceexe.pdf` in a
 * file manager. Dropped from names, which then read as they are.
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A packet name stays on one line of the PDF report. */
const MAX_FILE_NAME = 60;

/**
 * `text` without its trailing dots and white space, read once from its end:
 * `/[.\s]+$/` would try each run again from every one of its characters.
 */
function withoutTrailingDots(text: string): string {
  let end = text.length;
  while (end > 0 && /[.\s]/.test(text.charAt(end - 1))) end--;
  return text.slice(0, end);
}

/** A stored file name made safe for a ZIP entry: no path separators, control or reserved characters. */
export function safeFileName(name: string): string {
  const started = name
    .normalize('NFC')
    .replace(BIDI_CONTROLS, '')
    .replace(/./gsu, (char) => (unsafeInFileName(char) ? '\u0000' : char))
    .replace(/\0+/g, '-')
    .replace(/^[.\s-]+/, '');
  // Windows drops a name's trailing dots and spaces: `report. ` would lose its end.
  const cleaned = withoutTrailingDots(started);
  // Counted and cut by code point: an emoji is never split into half a character.
  const chars = Array.from(cleaned);
  if (chars.length <= MAX_FILE_NAME) return cleaned || 'file';
  // Long names keep their start and their extension.
  const dot = chars.lastIndexOf('.');
  const ext = dot > 0 && chars.length - dot <= 10 ? chars.slice(dot) : [];
  return `${chars
    .slice(0, MAX_FILE_NAME - ext.length)
    .join('')
    .trimEnd()}${ext.join('')}`;
}

/** `IMG_1234` uploaded as a JPEG is `IMG_1234.jpg` in the packet, so it opens. */
function withExtension(name: string, contentType: string): string {
  const ext = Object.hasOwn(PROOF_EXTENSIONS, contentType)
    ? PROOF_EXTENSIONS[contentType as ProofContentType]
    : undefined;
  return ext === undefined || /\.[A-Za-z0-9]{1,8}$/.test(name) ? name : `${name}.${ext}`;
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
      const base = `${String(row.number).padStart(width, '0')}-${row.activity_date}-${slugOf(row.activity_name)}-${withExtension(safeFileName(file.file_name), file.content_type)}`;
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

function statusOf(r: Requirement): RuleStatus {
  if (r.basis === 'credited') return 'credited';
  if (r.basis === 'exempt') return 'exempt';
  if (r.kind === 'cap') return r.over > 0 ? 'over' : 'met';
  return r.met ? 'met' : 'short';
}

/** The report's content: rows in date order with their packet names, and the totals against the rules engine's answer. */
export function buildReportModel(input: ReportInput): ReportModel {
  const { certification: cert, cycle } = input;
  const standing = evaluate(
    input.catalogue ? { renewal: input.catalogue.renewal } : undefined,
    {
      earned_date: cycle.start,
      expiry_date: cycle.end,
      certified_on: cert.certified_on ?? null,
      cpe_needed: cert.cpe_needed,
      annual_minimum: cert.annual_minimum,
      cycle_months: cert.cycle_months ?? input.catalogue?.renewal.cycleMonths ?? null,
      unit: cert.unit,
      carried_in: cert.carried_in ?? 0,
      carried_category: cert.carried_category ?? null,
    },
    [
      ...input.activities.map((a) => ({
        id: a.activity_id,
        date: a.activity_date,
        units: a.units,
        category: a.category,
        archived: false,
      })),
      ...(input.earlier ?? []).map((a) => ({
        id: a.activity_id,
        date: a.activity_date,
        units: a.units,
        category: a.category,
        archived: true,
      })),
    ],
    input.generatedOn,
    // A past cycle's late credits, kept by its renewal, count as they did then.
    { past: !cycle.current, lateKept: !cycle.current },
  );
  const counted = new Map(standing.credits.map((c) => [c.id, c]));
  // The rule the cycle was counted under: a past cycle's may be an earlier version's.
  const renewal = input.catalogue && ruleForCycle(input.catalogue.renewal, cycle.start).rule;
  // Where the rules name no categories, the category the holder typed stands (decision 051).
  const typedCategories =
    !renewal || (renewal.categories.length === 0 && renewal.activityCaps.length === 0);
  const labelOf = (key: string | null): string | null => {
    if (key === null) return null;
    return (
      renewal?.categories.find((c) => c.id === key)?.label ??
      renewal?.activityCaps.find((c) => c.kind === key)?.label ??
      key
    );
  };

  const sorted = [...input.activities].sort(
    (a, b) =>
      a.activity_date.localeCompare(b.activity_date) ||
      a.activity_name.localeCompare(b.activity_name) ||
      a.activity_id.localeCompare(b.activity_id),
  );
  const numbered = sorted.map((a, i) => {
    const c = counted.get(a.activity_id);
    return {
      ...a,
      number: i + 1,
      // Without rules naming categories any typed one stands; with them, only one they name.
      categoryLabel: typedCategories ? a.category : labelOf(c?.category ?? null),
      counted: c?.counted ?? 0,
    };
  });
  const width = Math.max(2, String(numbered.length).length);
  const names = packetNamesOf(numbered, width);
  const rows: ReportRow[] = numbered.map((r, i) => ({ ...r, packetNames: names[i] ?? [] }));

  const total = standing.requirements.find((r) => r.id === 'total');
  const years: YearTotal[] = standing.years.map((y) => {
    const r = standing.requirements.find((x) => x.id === `year:${y.from}`);
    return {
      label: y.label,
      start: y.from,
      end: y.to,
      earned: y.earned,
      minimum: r ? r.required : null,
      status: r ? statusOf(r) : 'none',
    };
  });

  const categories: CategoryTotal[] = standing.requirements
    .filter((r) => r.kind === 'category-minimum' || r.kind === 'cap')
    .map((r) => ({
      category: r.category,
      label: r.label,
      earned: r.kind === 'cap' ? r.raw : r.earned,
      min: r.kind === 'cap' ? null : r.required,
      max: r.kind === 'cap' ? r.required : null,
      per: r.id.split(':').length > 2 ? 'year' : 'cycle',
      status: statusOf(r),
    }));
  const uncategorised = standing.credits.filter((c) => !c.carried && c.category === null);
  if (uncategorised.length > 0) {
    // Without rules, each typed category is a line of its own.
    const byTyped = new Map<string | null, number>();
    for (const c of uncategorised) {
      const typed = typedCategories
        ? (input.activities.find((a) => a.activity_id === c.id)?.category ?? null)
        : null;
      byTyped.set(typed, round2((byTyped.get(typed) ?? 0) + c.counted));
    }
    for (const [typed, sum] of byTyped) {
      categories.push({
        category: typed,
        label: typed ?? 'No category',
        earned: sum,
        min: null,
        max: null,
        per: null,
        status: 'none',
      });
    }
  }

  const windows: WindowTotal[] = standing.requirements
    .filter((r) => r.kind === 'rolling')
    .map((r) => ({
      label: r.label,
      category: r.category,
      earned: r.earned,
      minimum: r.required,
      status: statusOf(r),
    }));

  return {
    input,
    standing,
    unit: cert.unit ?? renewal?.unit ?? 'CPE',
    rows,
    totals: {
      earned: standing.earned,
      target: standing.target,
      status: total ? statusOf(total) : 'none',
      years,
      categories,
      windows,
      carriedIn: standing.carriedIn,
      ready: standing.requirements.some((r) => r.kind !== 'cap') ? standing.ready : null,
    },
  };
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
  credited: 'credited to a new holder',
  exempt: 'exempt for a new holder',
  none: '',
};

/** The report's last line: whether the body would count every requirement met. */
export const readyText = (ready: boolean): string => (ready ? 'met' : 'not all met');

/** How a cycle reads: "2024-02-29 to 2027-02-28", "from 2026-03-01" (no expiry). */
export function cycleText(cycle: ReportCycle): string {
  return cycle.end === null ? `from ${cycle.start}` : `${cycle.start} to ${cycle.end}`;
}

/**
 * The day the holder was first certified, as a report prints it: for a
 * certification renewed before the cycle reported on (first certified before
 * its start), and for a first cycle the body waives or prorates a
 * requirement of (what the auditor needs to see why); null otherwise.
 */
export function firstCertifiedText(model: Pick<ReportModel, 'input' | 'standing'>): string | null {
  const { input, standing } = model;
  const first = input.certification.certified_on ?? input.cycle.start;
  const newHolder = standing.requirements.some((r) => r.basis !== null);
  return first < input.cycle.start || newHolder ? first : null;
}

/** How a report names its holder: "Ada Lovelace (ada@example.com)", or the email alone. */
export function holderText(holder: ReportInput['holder']): string {
  return holder.name ? `${holder.name} (${holder.email})` : holder.email;
}
