/** Missouri CPA licence: the Missouri State Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const MISSOURI: BodyData = {
  body: 'Missouri State Board of Accountancy',
  source: 'https://www.westerncpe.com/state-requirement/missouri/',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "All figures from CPE providers' copies of NASBA's summary; the board's rule (20 CSR 2010-4) was not read.",
  notes:
    "Since 2020 the reporting period is the calendar year: 40 hours including 2 of ethics (before, 120 over a rolling three years with 20 a year). Since 2021 a year's hours may be completed until 1 March of the next. The licence itself renews every two years by 30 September. What a new licensee owes in the first partial year was not found.",
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 40,
    cycleMonths: 12,
    cycleStart: 'year-end',
    annualMinimum: null,
    annualYear: 'calendar',
    categories: [{ id: 'ethics', label: 'Ethics', min: 2, per: 'cycle' }],
    activityCaps: [
      { kind: 'authorship', label: 'Authored published material', max: 2, per: 'cycle' },
    ],
    rollover: null,
    afterExpiry: [
      {
        kind: 'grace',
        months: 2,
        days: 1,
        creditsCount: true,
        note: "A year's CPE may be completed until 1 March of the next year.",
      },
    ],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-mo',
      name: 'CPA (Missouri)',
      fullName: 'Certified Public Accountant (Missouri)',
      aliases: ['Missouri CPA', 'MO CPA', 'CPA Missouri', 'CPA MO'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
