/** Texas CPA licence: the Texas State Board of Public Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const TEXAS: BodyData = {
  body: 'Texas State Board of Public Accountancy',
  source:
    'https://casetext.com/regulation/texas-administrative-code/title-22-examining-boards/part-22-texas-state-board-of-public-accountancy/chapter-523-continuing-professional-education/subchapter-b-continuing-professional-education-rules-for-individuals/section-523112-required-cpe-participation',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Rule text (22 TAC 523) read in copies current to late 2024, not on the board's site; the anchoring of the licence year on the birth month comes from CPE providers' summaries.",
  notes:
    'The licence renews every year by the end of the birth month; the cycle here ends on the last day of the month a year after the certification date, to be set to the birth month. Each renewal needs 20 hours in the last year and 120 in the three years to then. New licensees ramp up: none for the first licence period or the first full year, then 20 in the last 12 months, 60 in the last 24, 100 in the last 36, and 120 from the fifth licence year (the rolling total ramps up: 0, 20, 60, 100, then 120). A board-approved 4-hour ethics course every two years (log it as Ethics; counted over the 24 months to each renewal once the rolling total asks anything). At most half of the three-year hours in non-technical subjects, nano-learning or certification programs is not checked. Published articles and books count for at most 10 hours a year. Failing to report can lead to suspension, and three years in a row to revocation.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 20,
    cycleMonths: 12,
    cycleStart: 'month-end',
    annualMinimum: null,
    annualYear: 'cycle',
    firstCycle: 'exempt',
    rolling: {
      months: 36,
      total: 120,
      ramp: [0, 20, 60, 100],
      rampMonths: [0, 12, 24, 36],
      categories: [{ id: 'ethics', min: 4, months: 24 }],
    },
    categories: [{ id: 'ethics', label: 'Ethics (board-approved course)', per: 'cycle' }],
    activityCaps: [
      { kind: 'authorship', label: 'Published articles and books', max: 10, per: 'cycle' },
    ],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-tx',
      name: 'CPA (Texas)',
      fullName: 'Certified Public Accountant (Texas)',
      aliases: ['Texas CPA', 'TX CPA', 'CPA Texas', 'CPA TX'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
