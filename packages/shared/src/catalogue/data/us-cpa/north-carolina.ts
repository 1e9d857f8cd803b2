/** North Carolina CPA licence: the North Carolina State Board of CPA Examiners's CPE rules. */
import type { BodyData } from '../../types';

export const NORTH_CAROLINA: BodyData = {
  body: 'North Carolina State Board of CPA Examiners',
  source: 'https://www.nasbaregistry.org/cpe-requirements/north-carolina',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Ethics: summaries since 2020 say 50 minutes (1 hour) a year; older ones say 2 hours. Figures from NASBA's summary of the board's rules and CPE providers' state pages; the board's own rules were not read.",
  notes:
    'The board counts 2,000 minutes (40 hours) each calendar year; the licence renews by 30 June. Up to 20 extra hours carry into the next year, but not toward ethics.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 40,
    cycleMonths: 12,
    annualMinimum: null,
    annualYear: 'calendar',
    categories: [{ id: 'ethics', label: 'Ethics', min: 1, per: 'cycle' }],
    activityCaps: [
      { kind: 'instruction', label: 'Instruction', max: 20, per: 'cycle' },
      { kind: 'authorship', label: 'Published works', max: 10, per: 'cycle' },
    ],
    rollover: { max: 20, earnedInLastMonths: 12 },
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-nc',
      name: 'CPA (North Carolina)',
      fullName: 'Certified Public Accountant (North Carolina)',
      aliases: ['North Carolina CPA', 'NC CPA', 'CPA North Carolina', 'CPA NC'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
