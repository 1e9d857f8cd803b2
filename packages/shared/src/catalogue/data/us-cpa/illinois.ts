/** Illinois CPA licence: the Illinois Department of Financial and Professional Regulation's CPE rules. */
import type { BodyData } from '../../types';

export const ILLINOIS: BodyData = {
  body: 'Illinois Department of Financial and Professional Regulation',
  source: 'https://www.nasbaregistry.org/cpe-requirements/illinois',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Figures from NASBA's summary of the board's rules and CPE providers' state pages; the board's own rules were not read.",
  notes:
    'The three-year period runs from 1 October to 30 September, for every licensee at once; the licence renews by 30 September. The first renewal needs no CPE. Keep records six years.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 120,
    cycleMonths: 36,
    annualMinimum: null,
    annualYear: null,
    categories: [
      { id: 'ethics', label: 'Professional ethics', min: 4, per: 'cycle' },
      {
        id: 'harassment-prevention',
        label: 'Sexual harassment prevention training',
        min: 1,
        per: 'cycle',
      },
      { id: 'personal-development', label: 'Personal development', max: 24, per: 'cycle' },
    ],
    activityCaps: [
      { kind: 'instruction', label: 'Instruction', max: 60, per: 'cycle' },
      { kind: 'self-study', label: 'Self-study', max: 80, per: 'cycle' },
      { kind: 'authorship', label: 'Published materials', max: 30, per: 'cycle' },
    ],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-il',
      name: 'CPA (Illinois)',
      fullName: 'Certified Public Accountant (Illinois)',
      aliases: ['Illinois CPA', 'IL CPA', 'CPA Illinois', 'CPA IL'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
