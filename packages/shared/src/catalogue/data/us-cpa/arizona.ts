/** Arizona CPA licence: the Arizona State Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const ARIZONA: BodyData = {
  body: 'Arizona State Board of Accountancy',
  source: 'https://www.nasbaregistry.org/cpe-requirements/arizona',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Figures from NASBA's summary of the board's rules and CPE providers' state pages; the board's own rules were not read.",
  notes:
    'The two-year period ends on the last business day of the birth month, in odd or even years by year of birth. Licensees in public accounting need 16 hours in accounting, auditing or tax.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 80,
    cycleMonths: 24,
    annualMinimum: null,
    annualYear: null,
    categories: [
      {
        id: 'ethics',
        label: 'Ethics (including Arizona statutes and rules)',
        min: 4,
        per: 'cycle',
      },
    ],
    activityCaps: [],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-az',
      name: 'CPA (Arizona)',
      fullName: 'Certified Public Accountant (Arizona)',
      aliases: ['Arizona CPA', 'AZ CPA', 'CPA Arizona', 'CPA AZ'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
