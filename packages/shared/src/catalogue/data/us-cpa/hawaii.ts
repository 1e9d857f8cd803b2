/** Hawaii CPA licence: the Hawaii Board of Public Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const HAWAII: BodyData = {
  body: 'Hawaii Board of Public Accountancy',
  source: 'https://nasbaregistry.org/cpe-requirements/hawaii',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "All figures from NASBA's 2022 summary of the board's rules; the rules themselves were not read.",
  notes:
    'Every licence expires on 31 December of odd years; the CPE period is the two calendar years ending then. Up to 40 hours beyond the requirement carry into the next period. Credit for teaching the same course counts once in three years; practice review earns half its hours.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 80,
    cycleMonths: 24,
    cycleStart: 'fixed',
    periodEnd: '2025-12-31',
    annualMinimum: 20,
    annualYear: 'calendar',
    categories: [{ id: 'ethics', label: 'Ethics', min: 4, per: 'cycle' }],
    activityCaps: [
      { kind: 'instruction', label: 'Instruction', max: 40, per: 'cycle' },
      { kind: 'authorship', label: 'Published material', max: 20, per: 'cycle' },
      { kind: 'practice-review', label: 'Practice review', max: 20, per: 'cycle' },
    ],
    rollover: { max: 40, earnedInLastMonths: 24 },
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-hi',
      name: 'CPA (Hawaii)',
      fullName: 'Certified Public Accountant (Hawaii)',
      aliases: ['Hawaii CPA', 'HI CPA', 'CPA Hawaii', 'CPA HI'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
