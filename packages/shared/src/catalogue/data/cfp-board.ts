/**
 * CFP Board: 30 hours of continuing education every two-year reporting
 * period, two of them in CFP Board-approved ethics, and an annual
 * certification fee. Periods end on the last day of a month.
 */
import type { BodyData } from '../types';

export const CFP_BOARD: BodyData = {
  body: 'CFP Board',
  source:
    'https://www.cfp.net/for-cfp-professionals/continuing-education/continuing-education-policies',
  checked: '2026-11',
  uncertain: false,
  uncertainNote: null,
  notes:
    "Certification expires on the last day of the month of the certification period; the yearly Renewal Application and the annual certification fee are due by then (US$455 since October 2022), and completing them after it costs a US$75 late fee. The fee is recorded as due on the certification anniversary, a few days before the month's end. CE is due every two years. Hours beyond 30 do not carry over, and one program cannot be split between periods. A new holder's first CE requirement is prorated from certification to the end of the first period (the figures prorate by the months it covers, each category rounded up to a half hour); the catalogue places that period as two years to a month's end, so correct the stored end date to the one on the CFP Board account.",
  recommendable: true,
  renewal: {
    kind: 'credits',
    unit: 'CE',
    total: 30,
    cycleMonths: 24,
    cycleStart: 'month-end',
    firstCycle: 'prorated',
    annualMinimum: null,
    annualYear: null,
    categories: [
      { id: 'ethics', label: 'CFP Board-approved ethics', min: 2, per: 'cycle' },
      { id: 'general', label: 'General CE on CFP Board principal topics', min: 28, per: 'cycle' },
    ],
    activityCaps: [],
    rollover: null,
    afterExpiry: [],
    fees: [
      {
        kind: 'annual',
        amount: 455,
        currency: 'USD',
        due: 'certification-anniversary',
        note: 'The annual certification fee, due with the Renewal Application by the last day of the certification month; US$75 more after it. The initial period is prorated.',
      },
    ],
  },
  entries: [
    {
      id: 'cfp-cfp',
      name: 'CFP',
      fullName: 'Certified Financial Planner',
      aliases: ['CFP Board CFP', 'Certified Financial Planner professional'],
      domains: ['financial planning', 'accounting'],
      level: 3,
      nextSteps: [],
    },
  ],
};
