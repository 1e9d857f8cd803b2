/** Ohio CPA licence: the Accountancy Board of Ohio's CPE rules. */
import type { BodyData } from '../../types';

export const OHIO: BodyData = {
  body: 'Accountancy Board of Ohio',
  source: 'https://www.nasbaregistry.org/cpe-requirements/ohio',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Figures from NASBA's summary of the board's rules and CPE providers' state pages; the board's own rules were not read.",
  notes:
    'The three-year period runs 1 January to 31 December. Permit holders doing financial reporting or tax work need 24 hours in that area. No carryover.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 120,
    cycleMonths: 36,
    annualMinimum: 20,
    annualYear: 'calendar',
    categories: [
      {
        id: 'ethics',
        label: 'Board-approved ethics (professional standards and responsibilities)',
        min: 3,
        per: 'cycle',
      },
    ],
    activityCaps: [{ kind: 'instruction', label: 'Instruction', max: 90, per: 'cycle' }],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-oh',
      name: 'CPA (Ohio)',
      fullName: 'Certified Public Accountant (Ohio)',
      aliases: ['Ohio CPA', 'OH CPA', 'CPA Ohio', 'CPA OH'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
