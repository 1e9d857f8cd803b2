/** Arizona CPA licence: the Arizona State Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const ARIZONA: BodyData = {
  body: 'Arizona State Board of Accountancy',
  source: 'https://www.westerncpe.com/?p=200275',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "All figures from CPE providers' copies of NASBA's summary; the board's rules were not read. Earlier summaries limited the 16 hours of accounting, auditing or tax to licensees in public practice; current ones ask them of everyone.",
  notes:
    'Registration is every two years, ending on the last business day of the birth month in odd or even years by year of birth; the cycle here ends on the last day of the month two years after the certification date, to be set to the birth month. At least 16 hours must be in a live classroom or interactive webinar (a delivery rule the categories cannot count). The ethics hours may not be taught by an employer or co-worker. Whole hours only; nano-learning at most 4.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 80,
    cycleMonths: 24,
    cycleStart: 'month-end',
    annualMinimum: null,
    annualYear: null,
    increment: 1,
    categories: [
      {
        id: 'technical',
        label: 'Accounting, auditing, tax, business law or advisory services',
        min: 40,
        per: 'cycle',
      },
      {
        id: 'accounting-auditing-tax',
        label: 'Accounting, auditing or tax',
        min: 16,
        per: 'cycle',
        parent: 'technical',
      },
      { id: 'ethics', label: 'Board-approved ethics', min: 4, per: 'cycle' },
      {
        id: 'arizona-rules',
        label: 'Arizona board statutes and rules',
        min: 1,
        per: 'cycle',
        parent: 'ethics',
      },
      { id: 'intro-computer', label: 'Introductory computer courses', max: 20, per: 'cycle' },
      { id: 'instruction-authorship', label: 'Instruction and authorship', max: 40, per: 'cycle' },
    ],
    activityCaps: [
      {
        kind: 'instruction',
        label: 'Instruction',
        max: 40,
        per: 'cycle',
        parent: 'instruction-authorship',
      },
      {
        kind: 'authorship',
        label: 'Authorship',
        max: 20,
        per: 'cycle',
        parent: 'instruction-authorship',
      },
      { kind: 'nano-learning', label: 'Nano-learning', max: 4, per: 'cycle' },
    ],
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
