/** Washington CPA licence: the Washington State Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const WASHINGTON: BodyData = {
  body: 'Washington State Board of Accountancy',
  source: 'https://www.nasbaregistry.org/cpe-requirements/washington',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "All figures from NASBA's 2023 summary; the board's rules were not read. The renewal fee (US$230, due 30 April after the period) is not recorded because its date does not fall at the period's end.",
  notes:
    'The three calendar years are set by the licence issue date; the licence renews by 30 April after them. The 20 hours a year apply since 2020. The ethics hours must be board-approved ethics and regulations courses. Board service, first-time instruction or course development and authorship together count for at most 60 hours and not toward the 20-hour yearly minimum.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 120,
    cycleMonths: 36,
    cycleStart: 'year-end',
    annualMinimum: 20,
    annualYear: 'calendar',
    categories: [
      { id: 'ethics', label: 'Board-approved ethics and regulations', min: 4, per: 'cycle' },
      { id: 'non-technical', label: 'Non-technical subjects', max: 60, per: 'cycle' },
    ],
    activityCaps: [
      { kind: 'nano-learning', label: 'Nano-learning', max: 12, per: 'cycle' },
      {
        kind: 'service-authorship',
        label: 'Board service, first-time instruction and authorship',
        max: 60,
        per: 'cycle',
      },
    ],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-wa',
      name: 'CPA (Washington)',
      fullName: 'Certified Public Accountant (Washington)',
      aliases: ['Washington CPA', 'WA CPA', 'CPA Washington', 'CPA WA'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
