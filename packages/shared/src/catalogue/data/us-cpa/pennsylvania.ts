/** Pennsylvania CPA licence: the Pennsylvania State Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const PENNSYLVANIA: BodyData = {
  body: 'Pennsylvania State Board of Accountancy',
  source: 'https://www.nasbaregistry.org/cpe-requirements/pennsylvania',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "All figures from NASBA's summary of the board's rules; the rules themselves were not read.",
  notes:
    'The two-year period runs 1 January to 31 December, ending in odd years with the licence, for every licensee at once. Licensees in attest work (compilations, reviews, audits) need 24 hours of accounting and auditing. Self-study and published material together count for at most 40 hours; non-interactive self-study earns half credit. Credit counts in quarter hours after the first full hour.',
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
    increment: 0.25,
    categories: [{ id: 'ethics', label: 'Professional ethics', min: 4, per: 'cycle' }],
    activityCaps: [
      { kind: 'instruction', label: 'Instruction', max: 40, per: 'cycle' },
      {
        kind: 'self-study-authorship',
        label: 'Self-study and published materials',
        max: 40,
        per: 'cycle',
      },
    ],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-pa',
      name: 'CPA (Pennsylvania)',
      fullName: 'Certified Public Accountant (Pennsylvania)',
      aliases: ['Pennsylvania CPA', 'PA CPA', 'CPA Pennsylvania', 'CPA PA'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
