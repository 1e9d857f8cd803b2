/** Wisconsin CPA licence: the Wisconsin Accounting Examining Board's CPE rules. */
import type { BodyData } from '../../types';

export const WISCONSIN: BodyData = {
  body: 'Wisconsin Accounting Examining Board',
  source: 'https://dsps.wi.gov/Pages/Professions/Accountant/CE.aspx',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "The new-licensee figures, the 40-hour carryover, the carry-back and the US$43 fee are from CPE providers' copies of NASBA's summary; the rest from the Department of Safety and Professional Services' page.",
  notes:
    'The biennium runs 15 December of odd years to 14 December two years later, when the licence renews. Since the 2021 renewal: 80 hours, at least 20 in each twelve months, 40 from formal learning activities and 3 of ethics (also formal learning). A certificate first issued one to two years before expiry needs 40 hours (20 in the second year, 20 formal); less than a year, none; the months-based prorating here approximates this. Hours of the first twelve months of a period may instead be carried back to the period before, as far as needed. Credit counts in tenths of an hour.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 80,
    cycleMonths: 24,
    cycleStart: 'fixed',
    periodEnd: '2025-12-14',
    firstCycle: 'prorated',
    annualMinimum: 20,
    annualYear: 'cycle',
    increment: 0.1,
    categories: [
      { id: 'formal-learning', label: 'Formal learning activities', min: 40, per: 'cycle' },
      {
        id: 'ethics',
        label: 'Ethics (formal learning)',
        min: 3,
        per: 'cycle',
        parent: 'formal-learning',
      },
    ],
    activityCaps: [],
    rollover: { max: 40, earnedInLastMonths: 24 },
    afterExpiry: [],
    fees: [
      {
        kind: 'renewal',
        amount: 43,
        currency: 'USD',
        due: 'cycle-end',
        note: 'Two-year licence renewal by 14 December of odd years (amount from NASBA via a CPE provider).',
      },
    ],
  },
  entries: [
    {
      id: 'cpa-us-wi',
      name: 'CPA (Wisconsin)',
      fullName: 'Certified Public Accountant (Wisconsin)',
      aliases: ['Wisconsin CPA', 'WI CPA', 'CPA Wisconsin', 'CPA WI'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
