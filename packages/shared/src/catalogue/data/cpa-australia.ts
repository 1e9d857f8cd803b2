/**
 * CPA Australia: members complete 120 CPD hours in each three-year period
 * (triennium) counted from their join date, at least 20 in every year,
 * including verifiable ethics hours.
 */
import type { BodyData, RenewalRule } from '../types';

const TRIENNIUM: RenewalRule = {
  kind: 'credits',
  unit: 'CPD hours',
  total: 120,
  cycleMonths: 36,
  cycleStart: 'year-end',
  annualMinimum: 20,
  annualYear: 'calendar',
  categories: [
    { id: 'ethics', label: 'Ethics (verifiable)', min: 10, per: 'cycle' },
    {
      id: 'ethics-yearly',
      label: 'Ethics (verifiable) each year',
      min: 2,
      per: 'year',
      parent: 'ethics',
    },
  ],
  activityCaps: [
    {
      kind: 'reading',
      label: 'Reading, listening or watching development material',
      max: 10,
      per: 'year',
    },
  ],
  rollover: null,
  afterExpiry: [],
  fees: [],
};

export const CPA_AUSTRALIA: BodyData = {
  body: 'CPA Australia',
  source:
    'https://cpaaustralia.com.au/career-development/continuing-professional-development/ways-to-complete-cpd',
  checked: '2026-11',
  uncertain: false,
  uncertainNote: null,
  notes:
    "The triennium depends on the join date: joined by 30 June, it starts on 1 January of that year; joined after 30 June, on 1 January of the next year (the cycle recorded here follows the first case: check the CPD Diary). Hours do not carry into a new triennium. Members holding a statutory registration must also meet that registration's CPD. Renewing the membership each year is the declaration; members are selected at random for review and keep records 12 months after the triennium. Reductions are available for leave. Membership fee not recorded.",
  recommendable: false,
  renewal: TRIENNIUM,
  entries: [
    {
      id: 'cpa-australia',
      name: 'CPA Australia',
      fullName: 'Certified Practising Accountant (CPA Australia)',
      aliases: ['CPA (Australia)', 'FCPA Australia', 'Certified Practising Accountant'],
      domains: ['accounting'],
      level: 3,
      nextSteps: [],
    },
  ],
};
