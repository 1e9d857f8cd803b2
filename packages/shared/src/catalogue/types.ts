/**
 * The shape of the certification catalogue: what a body asks of its
 * certified professionals to keep a certification, as the body states it.
 * docs/certification-rules.md explains every field.
 *
 * The lists below are data (plain arrays) so that the schema test and the
 * API can validate against them; they cost nothing to load and tree-shake.
 */

export const CREDIT_UNITS = ['CPE', 'CEU', 'PDU', 'ECE', 'CE', 'SEU', 'PDC', 'CPD hours'] as const;
/** The unit as the body names it (PMI: PDU, CompTIA: CEU, SHRM: PDC, CA ANZ: CPD hours). */
export type CreditUnit = (typeof CREDIT_UNITS)[number];

export const RENEWAL_KINDS = ['credits', 'exam', 'assessment', 'none'] as const;
/**
 * credits: earn credits over a cycle; exam: pass the exam (or a higher one)
 * again; assessment: pass a renewal assessment (Microsoft's free online one);
 * none: the certification does not expire.
 */
export type RenewalKind = (typeof RENEWAL_KINDS)[number];

export const CATALOGUE_DOMAINS = [
  'security',
  'audit',
  'governance',
  'risk',
  'privacy',
  'cloud',
  'networking',
  'data',
  'systems',
  'it support',
  'offensive security',
  'incident response',
  'software security',
  'project management',
  'agile',
  'service management',
  'fraud',
  'financial planning',
  'hr',
  'accounting',
] as const;
export type CatalogueDomain = (typeof CATALOGUE_DOMAINS)[number];

/**
 * The certifying body as it names itself ("ISC2", "PMI"); each US state
 * board is a body of its own, since it licenses CPAs one state at a time.
 * The data files are the list (catalogue/data); the schema test holds each
 * body to one file.
 */
export type CertificationBody = string;

/** Over what a minimum or cap is counted: the whole cycle, or each reporting year of it. */
export type RulePeriod = 'cycle' | 'year';

/**
 * A category the body counts separately: a minimum to reach (PMI's 35
 * Education PDUs, a state's ethics hours) and/or a cap (ISC2's Group B).
 * A category with `parent` also counts toward its parent: PMI's Education is
 * the sum of Ways of Working, Power Skills and Business Acumen. Credits over
 * a cap count only up to it, at every level.
 */
export interface CreditCategory {
  /** Stable key, kebab-case, unique within the entry (categories and activity caps together). */
  id: string;
  label: string;
  min?: number;
  max?: number;
  per: RulePeriod;
  /** The category this one counts toward as well (its id in the same entry). */
  parent?: string;
  /**
   * Other ids a credit may carry for this category: the names an earlier rule
   * used (PMI's Technical Project Management before the 2022 Talent Triangle).
   */
  aliases?: readonly string[];
}

/** A cap the body sets on one kind of activity (ISACA volunteering, CompTIA webinars). */
export interface ActivityCap {
  /** Stable key, kebab-case, unique within the entry (categories and activity caps together). */
  kind: string;
  label: string;
  max: number;
  per: RulePeriod;
  /** The category this kind of activity belongs to (PMI: working as a practitioner is Giving Back). */
  parent?: string;
}

/** A category's minimum over a rule's rolling window (RenewalRule.rolling). */
export interface RollingCategory {
  /** One of the rule's categories (or activity kinds). */
  id: string;
  min: number;
  /** Its own window, in months back from the cycle's end; the rolling window's when absent. */
  months?: number;
}

/** Credits earned beyond the target that carry into the next cycle. */
export interface Rollover {
  max: number;
  /** Only credits earned in this many last months of the cycle carry over (ISC2: 6). */
  earnedInLastMonths: number;
  /** Only credits of this category carry over, and they arrive as this category (ISC2: Group A). */
  category?: string;
  /**
   * Carried credits count toward the next cycle's first reporting year too
   * (Michigan: extra hours carry into the next year). Without it they count
   * toward the cycle's figures only (Georgia, New Hampshire, Tennessee).
   */
  intoFirstYear?: boolean;
}

/**
 * Where a cycle starts and ends, given the date the holder was certified
 * (docs/certification-rules.md, "Cycles"). Credits dated from the
 * certification date on count toward the first cycle in every case.
 *
 * - `earned-date`: the cycle runs from the certification date to the day
 *   before the date `cycleMonths` later (PMI: 2024-01-15 to 2027-01-14).
 * - `month-after`: it starts on the first day of the month after
 *   certification and ends on the last day of a month.
 * - `year-after`: it starts on the first day of the reporting year after
 *   certification (1 January, or `yearStartMonth`), as ISACA's does.
 * - `month-end`: from the certification date to the last day of the month
 *   `cycleMonths` later (SHRM; boards that renew at the end of a month).
 * - `year-end`: from the certification date to the last day of a reporting
 *   year, so that every later cycle is made of whole years (the IIA's annual
 *   cycle; boards that count calendar or fiscal years).
 * - `fixed`: every holder's cycle ends on the same dates (`periodEnd`, and
 *   every `cycleMonths` before and after it): statewide periods.
 */
export type CycleStart =
  'earned-date' | 'month-after' | 'year-after' | 'month-end' | 'year-end' | 'fixed';

/**
 * How a reporting year that the cycle covers only in part is counted for
 * the annual minimum and the yearly category minimums: `full` (the whole
 * minimum), `prorated` (a twelfth of it for each month, whole or part, the
 * cycle covers, rounded up to the body's increment) or `exempt` (none; its
 * credits still count toward the cycle).
 */
export type PartialYear = 'full' | 'prorated' | 'exempt';

/** A short first cycle's total by steps: `units` for each period of `months` (see RenewalRule.firstCycle). */
export interface FirstCycleSteps {
  units: number;
  months: number;
  count: 'whole' | 'started';
}

/**
 * A window after expiry. `grace`: the certification is still held and the
 * body still accepts what is missing (ISC2's 90 days); `suspension`: it may
 * not be used, but meeting the requirements reinstates it (PMI's year).
 */
export interface AfterExpiry {
  kind: 'grace' | 'suspension';
  /** Its length in days; with `months`, the days after that month's end (Missouri: to 1 March). */
  days?: number;
  /** Its length in whole months, to the last day of a month (ISACA: to the end of February). */
  months?: number;
  /** Credits dated inside the window count toward the expired cycle (else only submitting is late). */
  creditsCount: boolean;
  /** What the holder may and may not do during it, in the body's words. */
  note: string;
}

/**
 * When a fee falls due.
 * - `certification-anniversary`: every year on the certification date's anniversary;
 * - `month-after-anniversary`: the first day of the month after that anniversary (EC-Council);
 * - `cycle-anniversary`: every year on the anniversary of the current cycle's start, the last
 *   year's by the cycle's end (it is paid before renewing);
 * - `fixed-date`: every year on `dueDate` (`MM-DD`);
 * - `cycle-end`: once per cycle, on its last day (a renewal fee).
 */
export type FeeTiming =
  | 'certification-anniversary'
  | 'month-after-anniversary'
  | 'cycle-anniversary'
  | 'fixed-date'
  | 'cycle-end';

export interface Fee {
  /** annual: a yearly maintenance fee; renewal: once per cycle, when renewing. */
  kind: 'annual' | 'renewal';
  /** What a non-member pays (or everyone, where membership makes no difference). */
  amount: number;
  /** What a member pays, where it differs. */
  memberAmount?: number;
  /** ISO 4217 code. */
  currency: string;
  due: FeeTiming;
  /** `MM-DD`, for `fixed-date`. */
  dueDate?: string;
  /**
   * A higher fee for paying late: it applies from `afterDays` days after the
   * due date (from the day after it when 0).
   */
  late?: { amount: number; memberAmount?: number; afterDays: number };
  /** Who pays what (members, tiers) and what the fee covers. */
  note: string;
}

/**
 * An earlier rule that still governs cycles that started before a change:
 * a certification keeps the rule of the cycle it is in.
 */
export interface EarlierRule {
  /** Cycles starting before this date (YYYY-MM-DD) follow this rule. */
  before: string;
  /** The fields that differed; the rest is the current rule's. */
  rule: Partial<Omit<RenewalRule, 'earlier'>>;
  /** What changed, for the holder. */
  note: string;
}

export interface RenewalRule {
  kind: RenewalKind;
  /** Null unless kind is credits. */
  unit: CreditUnit | null;
  /** Credits per cycle; null unless kind is credits. */
  total: number | null;
  /** Length of a cycle; null when the certification does not expire. */
  cycleMonths: number | null;
  /** Where cycles start and end; `earned-date` when absent. */
  cycleStart?: CycleStart;
  /** For `fixed` cycles: one day on which every holder's cycle ends (YYYY-MM-DD). */
  periodEnd?: string;
  /**
   * How a holder's first cycle counts its total and minimums. `prorated`: a
   * first cycle shorter than `cycleMonths` (a `fixed`, `year-end` or
   * `month-end` one entered mid-period) asks a share by the months it
   * covers, whole or part, rounded up to the increment; steps (`{ units,
   * months, count }`): a short first cycle asks `units` for each period of
   * `months`, counted back from its end, that lies wholly inside it
   * (`whole`: California's 20 hours per full six months) or that it touches
   * (`started`: North Carolina's 10 per quarter begun), its category
   * minimums in proportion; `exempt`: the first cycle asks nothing, however
   * long (New Jersey's initial period). `full` when absent.
   */
  firstCycle?: PartialYear | FirstCycleSteps;
  /** A first cycle shorter than this many months runs on to the next period's end (Florida: 12). */
  firstCycleMinMonths?: number;
  /**
   * A holder certified after this day of the year (MM-DD) owes nothing for
   * the first cycle, and the ramps (`firstTotals`, `rolling.ramp`) start
   * with the next one: CPA Canada exempts members admitted after 30
   * September (`09-30`) for the year of admission.
   */
  firstCycleExemptAfter?: string;
  /** The totals of a holder's first cycles, in order, in place of `total` (West Virginia: 40 in the first full year). */
  firstTotals?: readonly number[];
  /** Credits required in every reporting year of the cycle; null where the body sets none. */
  annualMinimum: number | null;
  /**
   * How the body counts its reporting years: from the cycle's start
   * (`cycle`), January to December (`calendar`), or a fiscal year starting
   * on the first of `yearStartMonth` (`fiscal`). Set whenever a yearly
   * figure exists; null when the body counts no years.
   */
  annualYear: 'cycle' | 'calendar' | 'fiscal' | null;
  /** First month of a fiscal reporting year (7: July to June); only with `fiscal`. */
  yearStartMonth?: number;
  /** How a reporting year the cycle covers only in part is counted; `prorated` when absent. */
  partialYear?: PartialYear;
  /**
   * Reporting years deemed met for a newly certified holder, counted from
   * the year of certification: the IIA awards a new CIA the hours of the
   * year of the exam and the next (2).
   */
  newlyCertifiedYears?: number;
  /**
   * A total over a trailing window, checked at the end of each cycle
   * (Texas: 120 hours in every rolling three years, reported yearly).
   * Credits from earlier cycles count toward it, none from before the
   * holder was certified. `ramp`: the totals of a holder's first cycles, in
   * order, while the window is not yet full (Texas: 20, 60, 100); 0 asks none.
   * `rampMonths`: the window each ramped total is counted over, in the same
   * order (Texas: 20 in the last 12 months, 60 in the last 24). `categories`:
   * minimums over the window as well (CPA Canada: 60 verifiable hours and 4
   * of ethics in every three years); one with its own `months` is counted
   * over that many last months and asked in full whenever the window asks
   * anything (Texas: 4 hours of ethics every two years), the others over the
   * window, prorated while it ramps.
   */
  rolling?: {
    months: number;
    total: number;
    ramp?: readonly number[];
    rampMonths?: readonly number[];
    categories?: readonly RollingCategory[];
  };
  /**
   * Credits beyond a reporting year's minimum count toward the next year of
   * the same cycle, up to this many (Michigan).
   */
  yearCarryover?: number;
  /** The smallest part of a credit the body records (0.1, 0.2, 0.25, 0.5, 1): paces round to it; 0.5 when absent. */
  increment?: number;
  categories: readonly CreditCategory[];
  activityCaps: readonly ActivityCap[];
  rollover: Rollover | null;
  /** Grace and suspension windows after expiry, in the order they follow each other. */
  afterExpiry: readonly AfterExpiry[];
  /** Annual and renewal fees; empty when none or no first-hand figure was found (the notes then say so). */
  fees: readonly Fee[];
  /** The date this rule took effect, when it changed (YYYY-MM-DD); earlier cycles follow `earlier`. */
  since?: string;
  earlier?: readonly EarlierRule[];
}

export interface CatalogueEntry {
  /** Stable kebab-case key; `nextSteps` and stored certifications refer to entries by it. */
  id: string;
  body: CertificationBody;
  /** The abbreviation people write (e.g. "CISSP"). */
  name: string;
  fullName: string;
  /** Other spellings and former names that should find this entry (CASP+ for SecurityX). */
  aliases: readonly string[];
  /** Most specific first: the first one is the entry's main field. */
  domains: readonly CatalogueDomain[];
  /** 1 entry, 2 foundation, 3 practitioner, 4 expert or management. */
  level: 1 | 2 | 3 | 4;
  /** Ids of the natural next certifications, most natural first. */
  nextSteps: readonly string[];
  /**
   * False for licences to practise in one place (a US state's CPA, CPA
   * Canada, CA ANZ): nobody adds another jurisdiction's licence to grow a
   * career, so the recommender never suggests them.
   */
  recommendable: boolean;
  renewal: RenewalRule;
  /** What the figures cannot say: alternatives, conditions, who counts what. */
  notes: string;
  /** The body's page the figures were read from (https). */
  source: string;
  /** Month the figures were checked, `YYYY-MM`. */
  checked: string;
  /** Sources disagree or only second-hand ones were found: the user should confirm with the body. */
  uncertain: boolean;
  /** Which figure is doubtful and why; null when nothing is. */
  uncertainNote: string | null;
}

/**
 * What a data file holds: one body's shared figures and its certifications.
 * An entry may override the body's renewal rule, source or recommendability;
 * its notes and uncertainty add to the body's (see catalogue.ts).
 */
export interface BodyData {
  body: CertificationBody;
  source: string;
  checked: string;
  uncertain: boolean;
  uncertainNote: string | null;
  notes: string;
  recommendable: boolean;
  renewal: RenewalRule;
  entries: readonly EntryData[];
}

export type EntryData = Pick<
  CatalogueEntry,
  'id' | 'name' | 'fullName' | 'aliases' | 'domains' | 'level' | 'nextSteps'
> &
  Partial<
    Pick<
      CatalogueEntry,
      'renewal' | 'source' | 'checked' | 'recommendable' | 'notes' | 'uncertain' | 'uncertainNote'
    >
  >;
