/** Washington CPA licence: the Washington State Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const WASHINGTON: BodyData = {
  body: 'Washington State Board of Accountancy',
  source: 'https://www.nasbaregistry.org/cpe-requirements/washington',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Figures from NASBA's summary of the board's rules and CPE providers' state pages; the board's own rules were not read.",
  notes:
    'The three calendar years are set by the licence issue date. Credit for board service, first-time instruction and authorship does not count toward the 20-hour yearly minimum.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 120,
    cycleMonths: 36,
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
