/** Virginia CPA licence: the Virginia Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const VIRGINIA: BodyData = {
  body: 'Virginia Board of Accountancy',
  source: 'https://boa.virginia.gov/individual-cpas/cpe/',
  checked: '2026-11',
  uncertain: false,
  uncertainNote: null,
  notes:
    'Compliance is checked over the three calendar years before the current one; the hours for a year may be completed until 31 January of the next. Licensees releasing attest, compilation or financial statement preparation reports need 8 hours a year in those services.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 120,
    cycleMonths: 36,
    annualMinimum: 20,
    annualYear: 'calendar',
    categories: [{ id: 'virginia-ethics', label: 'Virginia-specific ethics', min: 2, per: 'year' }],
    activityCaps: [],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-va',
      name: 'CPA (Virginia)',
      fullName: 'Certified Public Accountant (Virginia)',
      aliases: ['Virginia CPA', 'VA CPA', 'CPA Virginia', 'CPA VA'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
