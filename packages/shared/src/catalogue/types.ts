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

export const CERTIFICATION_BODIES = [
  'ISC2',
  'ISACA',
  'CompTIA',
  'PMI',
  'GIAC',
  'EC-Council',
  'Cisco',
  'AWS',
  'Microsoft',
  'Google Cloud',
  'Linux Foundation',
  'IAPP',
  'Scrum Alliance',
  'PeopleCert',
  'IIA',
  'ACFE',
  'CFP Board',
  'SHRM',
  'HRCI',
  'Red Hat',
  'CPA Canada',
  'CA ANZ',
  // US state boards license CPAs one state at a time, so each board is a body of its own.
  'Alabama State Board of Public Accountancy',
  'Arizona State Board of Accountancy',
  'California Board of Accountancy',
  'Florida Board of Accountancy',
  'Georgia State Board of Accountancy',
  'Illinois Department of Financial and Professional Regulation',
  'Michigan Board of Accountancy',
  'New Jersey State Board of Accountancy',
  'New York State Board for Public Accountancy',
  'North Carolina State Board of CPA Examiners',
  'Accountancy Board of Ohio',
  'Pennsylvania State Board of Accountancy',
  'Texas State Board of Public Accountancy',
  'Virginia Board of Accountancy',
  'Washington State Board of Accountancy',
] as const;
export type CertificationBody = (typeof CERTIFICATION_BODIES)[number];

/** Over what a minimum or cap is counted: the whole cycle, or each year of it. */
export type RulePeriod = 'cycle' | 'year';

/**
 * A category the body counts separately: a minimum to reach (PMI's 35
 * Education PDUs, a state's ethics hours) and/or a cap (ISC2's Group B).
 */
export interface CreditCategory {
  /** Stable key, kebab-case, unique within the entry. */
  id: string;
  label: string;
  min?: number;
  max?: number;
  per: RulePeriod;
}

/** A cap the body sets on one kind of activity (ISACA volunteering, CompTIA webinars). */
export interface ActivityCap {
  /** Stable key, kebab-case, unique within the entry. */
  kind: string;
  label: string;
  max: number;
  per: RulePeriod;
}

/** Credits earned beyond the target that carry into the next cycle. */
export interface Rollover {
  max: number;
  /** Only credits earned in this many last months of the cycle carry over (ISC2: 6). */
  earnedInLastMonths: number;
}

export interface RenewalFee {
  amount: number;
  /** ISO 4217 code. */
  currency: string;
  /** annual: a yearly maintenance fee; renewal: paid once per cycle, when renewing. */
  due: 'annual' | 'renewal';
  /** When an annual fee falls due; null for renewal fees or when the body does not say. */
  dueMonth: 'anniversary' | 'calendar-year-start' | null;
  /** Who pays what (members, tiers) and what the fee covers. */
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
  /** Credits required in every year of the cycle; null where the body sets none. */
  annualMinimum: number | null;
  /**
   * How the body counts its years: from the certification (or cycle)
   * anniversary, or January to December. Set whenever a yearly figure exists;
   * null when the body counts no years.
   */
  annualYear: 'cycle' | 'calendar' | null;
  categories: readonly CreditCategory[];
  activityCaps: readonly ActivityCap[];
  rollover: Rollover | null;
  /** Days after expiry in which the body still accepts what is missing; null when none or unknown. */
  graceDays: number | null;
  /** Null when there is none or no first-hand figure was found (the notes then say so). */
  fee: RenewalFee | null;
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
