/** Idaho CPA licence: the Idaho State Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const IDAHO: BodyData = {
  body: 'Idaho State Board of Accountancy',
  source: 'https://isba.idaho.gov/cpe/',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "The yearly minimum of 30 and the fee (US$120) are from CPE providers' summaries, as are the yearly maximum of 50 that counts and the 4 ethics hours in every rolling two years; the board's page gives the calendar year, the 31 January report and the 80 hours of the prior and current year.",
  notes:
    'CPE is earned from 1 January to 31 December and reported by 31 January; the prior year plus the current year must reach 80. The licence renews each 30 June. In the calendar year of the first licence only a two-hour Idaho ethics course (Idaho Accountancy Act and Rules) is due, after which the board credits 48 non-ethics hours. Only 50 hours a year count toward the two-year total (a ceiling the categories cannot express). A licensee short after year-end asks for an extension and owes penalty hours.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 30,
    cycleMonths: 12,
    cycleStart: 'year-end',
    firstCycle: 'exempt',
    annualMinimum: null,
    annualYear: 'calendar',
    // The board credits 48 hours for the year of the first licence: the next year's two years ask 32.
    rolling: { months: 24, total: 80, ramp: [0, 32] },
    categories: [],
    activityCaps: [],
    rollover: null,
    afterExpiry: [],
    fees: [
      {
        kind: 'annual',
        amount: 120,
        currency: 'USD',
        due: 'fixed-date',
        dueDate: '06-30',
        note: 'Yearly licence renewal by 30 June (amount from a CPE provider).',
      },
    ],
  },
  entries: [
    {
      id: 'cpa-us-id',
      name: 'CPA (Idaho)',
      fullName: 'Certified Public Accountant (Idaho)',
      aliases: ['Idaho CPA', 'ID CPA', 'CPA Idaho', 'CPA ID'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
