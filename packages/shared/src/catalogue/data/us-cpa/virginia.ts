/** Virginia CPA licence: the Virginia Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const VIRGINIA: BodyData = {
  body: 'Virginia Board of Accountancy',
  source: 'https://boa.virginia.gov/individual-cpas/cpe/',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "The first-year exemption and the ramp for new licensees (40 hours by the end of the first calendar year after licensure, 80 by the second, 120 by the third) come from a CPE provider's summary; the rolling total here asks 120 from the start.",
  notes:
    'Each year compliance is checked over the three calendar years before: 120 hours, at least 20 in each year, and the 2-hour Virginia-specific ethics course every year. The hours for a year may be completed until 31 January of the next. The licence renews every year (by 30 June, or the assigned month, per providers). Licensees releasing attest, compilation or financial statement preparation reports need 8 hours a year in those services. Instruction counts for at most 30 hours and exams for 60 in three years.',
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
    rolling: { months: 36, total: 120 },
    categories: [
      { id: 'virginia-ethics', label: 'Virginia-specific ethics', min: 2, per: 'cycle' },
    ],
    activityCaps: [],
    rollover: null,
    afterExpiry: [
      {
        kind: 'grace',
        days: 31,
        creditsCount: true,
        note: "A year's hours may be completed until 31 January of the next year.",
      },
    ],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-va',
      name: 'CPA (Virginia)',
      fullName: 'Certified Public Accountant (Virginia)',
      aliases: ['Virginia CPA', 'VA CPA', 'CPA Virginia', 'CPA VA'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
