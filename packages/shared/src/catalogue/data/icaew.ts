/**
 * ICAEW: since 1 November 2023 chartered accountants complete a minimum of
 * CPD hours each CPD year (1 November to 31 October), part of them
 * verifiable and including an hour of ethics, by CPD category; the default
 * category asks 20 hours.
 */
import type { BodyData, RenewalRule } from '../types';

const CATEGORY_3: RenewalRule = {
  kind: 'credits',
  unit: 'CPD hours',
  total: 20,
  cycleMonths: 12,
  cycleStart: 'year-end',
  firstCycle: 'prorated',
  annualMinimum: null,
  annualYear: 'fiscal',
  yearStartMonth: 11,
  categories: [
    { id: 'verifiable', label: 'Verifiable CPD', min: 5, per: 'cycle' },
    { id: 'ethics', label: 'Ethics (verifiable)', min: 1, per: 'cycle', parent: 'verifiable' },
  ],
  activityCaps: [],
  rollover: null,
  afterExpiry: [],
  fees: [],
};

export const ICAEW: BodyData = {
  body: 'ICAEW',
  source: 'https://icaew.com/membership/cpd/cpd-is-changing/the-2023-cpd-requirements-explained',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    'First year: how a member admitted during a CPD year counts that year was not found (a share by months is recorded).',
  notes:
    "The figures are category 3, the default: 20 hours with 5 verifiable outside practice, 10 verifiable in practice. Higher categories: in practice 40 hours (30 verifiable) or 30 (20); outside practice 40 (15) or 30 (10), by role (audits of public interest entities, large companies, senior finance roles). ICAEW's self-assessment tool gives the category. At least one verifiable hour must be on the ICAEW Code of Ethics. Keep records and evidence three years. Members not working in accountancy, finance or legal services, or on a career break, may be exempt. Before November 2023 CPD was outputs-based with no hours.",
  recommendable: false,
  renewal: CATEGORY_3,
  entries: [
    {
      id: 'icaew-aca',
      name: 'ACA',
      fullName: 'ICAEW Chartered Accountant',
      aliases: ['ICAEW ACA', 'FCA ICAEW', 'ACA (ICAEW)'],
      domains: ['accounting', 'audit'],
      level: 3,
      nextSteps: [],
    },
  ],
};
