/** Texas CPA licence: the Texas State Board of Public Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const TEXAS: BodyData = {
  body: 'Texas State Board of Public Accountancy',
  source: 'https://www.nasbaregistry.org/cpe-requirements/texas',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Figures from NASBA's summary of the board's rules and CPE providers' state pages; the board's own rules were not read.",
  notes:
    'The licence renews every year by the end of the birth month; the three years are a rolling period ending then. The 4-hour board-approved ethics course is due every two years.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 120,
    cycleMonths: 36,
    annualMinimum: 20,
    annualYear: 'cycle',
    categories: [
      {
        id: 'ethics',
        label: 'Board-approved ethics course (4 hours every 2 years)',
        min: 4,
        per: 'cycle',
      },
      { id: 'non-technical', label: 'Non-technical subjects', max: 60, per: 'cycle' },
    ],
    activityCaps: [
      { kind: 'authorship', label: 'Published articles and books', max: 10, per: 'year' },
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
