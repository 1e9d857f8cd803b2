/** Georgia CPA licence: the Georgia State Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const GEORGIA: BodyData = {
  body: 'Georgia State Board of Accountancy',
  source: 'https://www.law.cornell.edu/regulations/georgia/Ga-Comp-R--Regs-R-20-11-.02',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Accounting and auditing: the board's rule text requires 16 of the 80 hours in accounting and auditing; NASBA's 2024 summary lists only technical (40) and ethics (4) hours.",
  notes:
    'The reporting period runs 1 January to 31 December over two years ending in odd years. Up to 15 hours beyond the requirement carry into the next period. CPAs aged 70 or more are exempt.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 80,
    cycleMonths: 24,
    annualMinimum: 20,
    annualYear: 'calendar',
    categories: [
      { id: 'technical', label: 'Technical subjects', min: 40, per: 'cycle' },
      { id: 'ethics', label: 'Ethics (1 hour on Georgia board rules)', min: 4, per: 'cycle' },
    ],
    activityCaps: [],
    rollover: { max: 15, earnedInLastMonths: 24 },
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-ga',
      name: 'CPA (Georgia)',
      fullName: 'Certified Public Accountant (Georgia)',
      aliases: ['Georgia CPA', 'GA CPA', 'CPA Georgia', 'CPA GA'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
