/** Pennsylvania CPA licence: the Pennsylvania State Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const PENNSYLVANIA: BodyData = {
  body: 'Pennsylvania State Board of Accountancy',
  source: 'https://www.nasbaregistry.org/cpe-requirements/pennsylvania',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Figures from NASBA's summary of the board's rules and CPE providers' state pages; the board's own rules were not read.",
  notes:
    'The two-year period runs 1 January to 31 December, ending in odd years, for every licensee at once. Licensees providing attest services need 24 hours in accounting and auditing.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 80,
    cycleMonths: 24,
    annualMinimum: 20,
    annualYear: 'calendar',
    categories: [{ id: 'ethics', label: 'Professional ethics', min: 4, per: 'cycle' }],
    activityCaps: [
      { kind: 'instruction', label: 'Instruction', max: 40, per: 'cycle' },
      { kind: 'self-study', label: 'Self-study and published materials', max: 40, per: 'cycle' },
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
