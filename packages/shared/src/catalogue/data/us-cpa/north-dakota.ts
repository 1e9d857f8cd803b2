/** North Dakota CPA licence: the North Dakota State Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const NORTH_DAKOTA: BodyData = {
  body: 'North Dakota State Board of Accountancy',
  source:
    'https://casetext.com/regulation/north-dakota-administrative-code/title-3-accountancy-board-of/article-3-03-continuing-education/chapter-3-03-01-basic-requirements/section-3-03-01-01-credit-hours-required',
  checked: '2026-11',
  uncertain: false,
  uncertainNote: null,
  notes:
    "The board's rule (N.D. Admin. Code 3-03-01-01) asks, at the end of each reporting year (1 July to 30 June, reported before 1 July), 20 hours in the year and 120 in the three years before, 6 of them ethics; the ethics hours are over three years and cannot be counted by the yearly cycle. A new CPA meets the yearly minimum from the first full reporting year after the certificate and the three-year minimum two years later. A certificate not renewed by 31 August is relinquished.",
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 20,
    cycleMonths: 12,
    cycleStart: 'fixed',
    periodEnd: '2026-06-30',
    firstCycle: 'exempt',
    annualMinimum: null,
    annualYear: 'fiscal',
    yearStartMonth: 7,
    // A new CPA: the yearly 20 from the first full reporting year, the three-year 120 two years later.
    rolling: { months: 36, total: 120, ramp: [0, 0, 0] },
    categories: [],
    activityCaps: [],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-nd',
      name: 'CPA (North Dakota)',
      fullName: 'Certified Public Accountant (North Dakota)',
      aliases: ['North Dakota CPA', 'ND CPA', 'CPA North Dakota', 'CPA ND'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
