/**
 * What the rules engine reads and answers (engine.ts). Every screen, the
 * reminder job, the calendar feed and the audit report read a Standing; none
 * works a rule out again.
 */
import type { CreditUnit } from '../catalogue/types';

/** The certification as stored: its current cycle and the holder's own figures. */
export interface RuleCertification {
  /** The first day of the current cycle: credits from here on count (the stored earned_date). */
  earned_date: string;
  /** The last day of the current cycle; null when it does not expire. */
  expiry_date: string | null;
  /** When the holder was first certified (fees, first years); the earned date when unknown. */
  certified_on?: string | null;
  /** The holder's target; the catalogue's total when null. */
  cpe_needed: number | null;
  /** The holder's annual minimum; the catalogue's when null. */
  annual_minimum: number | null;
  /** The cycle's length in months (renewal moves by it). */
  cycle_months: number | null;
  unit: CreditUnit | null;
  /** Credits carried into this cycle from the one before (rollover). */
  carried_in?: number | null;
  /** The category the carried credits count as. */
  carried_category?: string | null;
}

/** One credit: an activity's units for this certification. */
export interface RuleCredit {
  /** The activity's id: renewal plans and readiness name credits by it. */
  id: string;
  date: string;
  units: number;
  /** One of the entry's category ids, aliases or activity kinds; anything else counts as uncategorised. */
  category: string | null;
  /** Counted in a cycle already renewed. */
  archived: boolean;
}

export type StandingState =
  'expired' | 'grace' | 'suspended' | 'ready' | 'expires-soon' | 'behind' | 'on-pace' | 'no-target';

export type RequirementKind = 'total' | 'rolling' | 'annual-minimum' | 'category-minimum' | 'cap';

/** One thing the body asks, with the figures that meet it or not. */
export interface Requirement {
  /**
   * Stable within a cycle: 'total', 'rolling', 'year:<from>',
   * 'category:<id>', 'category:<id>:<year from>', 'cap:<id>', 'cap:<id>:<year from>'.
   */
  id: string;
  kind: RequirementKind;
  /** The category or activity kind, for category minimums and caps. */
  category: string | null;
  /** "Total", "2026", "Education", "Ethics, 2026". */
  label: string;
  /** The period it is counted over (inclusive); `to` null for a cycle without end. */
  from: string;
  to: string | null;
  /** The minimum, or the cap. */
  required: number;
  /** What counts toward it (credits over a cap cut to it). */
  earned: number;
  /** Caps: what was earned before the cap cut it. */
  raw: number;
  /** Minimums: reached (or credited by the body). Caps: always true. */
  met: boolean;
  /** Still to earn (0 when met). */
  remaining: number;
  /** Caps: credits that do not count. */
  over: number;
  /** The period ended before today. */
  closed: boolean;
  /** How the body treats a short or first period: credited to a new holder, exempt, prorated. */
  basis: 'credited' | 'exempt' | 'prorated' | null;
  /** The requirement in words, with its figures. */
  message: string;
}

/** A reporting year of the cycle. */
export interface ReportingYear {
  from: string;
  to: string;
  /** "2026", "2025-26", "2026-01-15 to 2027-01-14". */
  label: string;
  /** The annual minimum for it (after proration or exemption); null where the body sets none. */
  required: number | null;
  basis: Requirement['basis'];
  earned: number;
}

export interface WindowAfterExpiry {
  kind: 'grace' | 'suspension';
  from: string;
  to: string;
  creditsCount: boolean;
  note: string;
}

export type DeadlineKind =
  | 'expiry'
  | 'grace-end'
  | 'suspension-end'
  | 'year-end'
  | 'category-minimum'
  | 'annual-fee'
  | 'renewal-fee'
  | 'late-fee';

export interface Deadline {
  kind: DeadlineKind;
  date: string;
  /** One line for a calendar entry or a reminder, with its figures. */
  label: string;
  /** Unique among the certification's deadlines, the same every time it is worked out (calendar UIDs). */
  key: string;
}

export interface FeeDue {
  kind: 'annual' | 'renewal';
  date: string;
  amount: number;
  memberAmount: number | null;
  currency: string;
  /** When a late fee applies from, and how much it is. */
  late: { date: string; amount: number; memberAmount: number | null } | null;
  note: string;
  /** "Annual maintenance fee: USD 135 (members 125)". */
  label: string;
}

/** How one credit counts in the cycle. */
export interface CountedCredit {
  id: string;
  date: string;
  units: number;
  /** What counts after the caps. */
  counted: number;
  /** The entry's category or activity kind it counts as; null when uncategorised. */
  category: string | null;
  /** Dated after the cycle's end, inside a window that counts it. */
  late: boolean;
  /** Counted before the cycle's start date (ISACA's first months, carried credits). */
  carried: boolean;
}

/** Where a certification stands, as of a day, by its body's rules. */
export interface Standing {
  state: StandingState;
  unit: CreditUnit | null;
  cycle: { start: string; end: string | null; countsFrom: string };
  /** Days from today to the cycle's end (0 on the day, negative once past); null without one. */
  daysToExpiry: number | null;
  /** The total the cycle asks for; null when none. */
  target: number | null;
  /** Credits that count toward the total, carried ones included. */
  earned: number;
  carriedIn: number;
  /**
   * The share of what the cycle asks that is done, 0 to 100 (earned / target when the total is all
   * it asks; 100 only when nothing is left to earn by its end); null without a target.
   */
  percent: number | null;
  /** target x the elapsed share of the cycle, rounded to the body's increment. */
  expectedSoFar: number | null;
  /** Credits a month still needed to meet the target in time, rounded up to the increment. */
  monthlyPaceNeeded: number | null;
  /**
   * What is left to earn by the cycle's end: the largest shortfall of the requirements closing with
   * it (the total's, a rolling window's, one category's, or the category minimums' together); 0
   * when nothing is. The pace, the percent, the state and the behind-pace reminder all use it.
   */
  stillToEarn: number;
  requirements: Requirement[];
  /** Every requirement is met: what "ready" and renew need. */
  ready: boolean;
  years: ReportingYear[];
  /** The after-expiry window holding today. */
  window: WindowAfterExpiry | null;
  windows: WindowAfterExpiry[];
  deadlines: Deadline[];
  fees: FeeDue[];
  credits: CountedCredit[];
  /** The rule's note when an earlier rule governs this cycle. */
  ruleNote: string | null;
}
