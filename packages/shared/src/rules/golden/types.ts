/**
 * Golden cases: worked examples from the bodies' own handbooks and FAQs,
 * each a row of dates and credits in and the body's answer out. The runner
 * (golden.test.ts) puts every row through the rules engine.
 */

/** A credit of the case: one activity's units for the certification. */
export interface GoldenCredit {
  date: string;
  units: number;
  /** One of the entry's category ids, alias ids or activity kinds. */
  category?: string;
  /** Counted in a cycle already renewed (only rolling windows read these). */
  archived?: boolean;
}

export interface GoldenExpectation {
  /** The first cycle the engine places from `certified` (the form's prefilled expiry is `end`). */
  firstCycle?: { start: string; end: string };
  /**
   * The standing's state as of `today`: 'expired', 'grace', 'suspended',
   * 'ready', 'expires-soon', 'behind', 'on-pace' or 'no-target'.
   */
  state?: string;
  /** Whether every requirement of the cycle is met (what "ready" and renew need). */
  ready?: boolean;
  /**
   * Ids of the unmet requirements, in any order, exactly: 'total', 'rolling',
   * 'year:<first day of the reporting year>', 'category:<id>',
   * 'category:<id>:<first day of the reporting year>'.
   */
  unmet?: string[];
  /** Figures of some requirements, by id. */
  requirements?: { id: string; required?: number; earned?: number; met?: boolean }[];
  /** The reporting years of the cycle with their minimums, in order (exactly). */
  years?: { from: string; to: string; required: number | null }[];
  /**
   * Deadlines the standing must list (others may be listed too): kind is one
   * of 'expiry', 'grace-end', 'suspension-end', 'year-end',
   * 'category-minimum', 'annual-fee', 'renewal-fee', 'late-fee'.
   */
  deadlines?: { kind: string; date: string }[];
  /** The next due date of each fee the standing must list. */
  fees?: { kind: 'annual' | 'renewal'; date: string; amount?: number; memberAmount?: number }[];
  /** The renewal the engine plans: where the next cycle starts and ends, what carries over. */
  nextCycle?: { start: string; end: string; carried?: number };
}

export interface GoldenCase {
  /** The page the example comes from (https). */
  source: string;
  /** What the body says there, in a sentence (a paraphrase, not a copy). */
  says: string;
  /** The catalogue entry's id. */
  entry: string;
  /** When the holder was certified. */
  certified: string;
  /** The stored cycle, when it is not the first one the engine places from `certified`. */
  cycle?: { start: string; end: string };
  credits?: GoldenCredit[];
  /** Credits carried into this cycle from the one before. */
  carriedIn?: number;
  /** The day the answer is asked for. */
  today: string;
  expect: GoldenExpectation;
}
