/** West Virginia CPA licence: the West Virginia Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const WEST_VIRGINIA: BodyData = {
  body: 'West Virginia Board of Accountancy',
  source: 'https://www.boa.wv.gov/Licensing/HoursRequired.asp',
  checked: '2026-11',
  uncertain: false,
  uncertainNote: null,
  notes:
    "Licences run one year to 30 June. The board's rule (W. Va. C.S.R. 1-1-7) asks 120 hours in the three calendar years before renewal, at least 20 in each, with 4 of ethics among the 120 (a three-year figure the yearly cycle cannot count). A new licensee owes nothing in the calendar year of the first licence, then 40 in the first full year and 20 in the second, and the 120 from the third (the rolling total here asks 120 from the start). An extension lets hours earned after 1 January make up the year before. The board recommends 40 hours a year.",
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 20,
    cycleMonths: 12,
    cycleStart: 'year-end',
    firstCycle: 'exempt',
    annualMinimum: null,
    annualYear: 'calendar',
    firstTotals: [0, 40],
    rolling: { months: 36, total: 120, ramp: [0, 0] },
    categories: [],
    activityCaps: [],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-wv',
      name: 'CPA (West Virginia)',
      fullName: 'Certified Public Accountant (West Virginia)',
      aliases: ['West Virginia CPA', 'WV CPA', 'CPA West Virginia', 'CPA WV'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
