/** Rhode Island CPA licence: the Rhode Island Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const RHODE_ISLAND: BodyData = {
  body: 'Rhode Island Board of Accountancy',
  source: 'https://nasbaregistry.org/cpe-requirements/rhode-island',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "All figures from NASBA's 2023 summary; the board's regulation was not read. Renewal groups go by surname (A-E, F-M, N-Z), so the period ending 30 June 2027 fits one group; older summaries count the period in calendar years ending before the June renewal.",
  notes:
    'Licences renew every three years on 30 June by surname group, and the CPE period is the three years from 1 July before. Credit counts in 0.2, 0.5 or whole hours.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 120,
    cycleMonths: 36,
    cycleStart: 'fixed',
    periodEnd: '2027-06-30',
    annualMinimum: null,
    annualYear: null,
    increment: 0.2,
    categories: [
      { id: 'ethics', label: 'Professional ethics', min: 6, per: 'cycle' },
      {
        id: 'personal-development',
        label: 'Personal development, marketing, communications, HR, business management',
        max: 24,
        per: 'cycle',
      },
    ],
    activityCaps: [
      { kind: 'instruction', label: 'Instruction', max: 60, per: 'cycle' },
      { kind: 'authorship', label: 'Published materials', max: 60, per: 'cycle' },
      { kind: 'self-study', label: 'Self-study', max: 80, per: 'cycle' },
    ],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-ri',
      name: 'CPA (Rhode Island)',
      fullName: 'Certified Public Accountant (Rhode Island)',
      aliases: ['Rhode Island CPA', 'RI CPA', 'CPA Rhode Island', 'CPA RI'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
