/** Alabama CPA licence: the Alabama State Board of Public Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const ALABAMA: BodyData = {
  body: 'Alabama State Board of Public Accountancy',
  source: 'https://www.nasbaregistry.org/cpe-requirements/alabama',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Ethics: NASBA's 2025 summary asks 2 hours of ethics a year; older summaries list no ethics requirement. Figures from NASBA's summary of the board's rules and CPE providers' state pages; the board's own rules were not read.",
  notes:
    'The reporting year runs from 1 October to 30 September; the licence renews by 30 September. Licensees in public accounting need 8 hours in accounting and auditing.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 40,
    cycleMonths: 12,
    annualMinimum: null,
    annualYear: 'cycle',
    categories: [{ id: 'ethics', label: 'Ethics', min: 2, per: 'cycle' }],
    activityCaps: [
      {
        kind: 'personal-development',
        label: 'Behavioral and personal development courses',
        max: 12,
        per: 'cycle',
      },
    ],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-al',
      name: 'CPA (Alabama)',
      fullName: 'Certified Public Accountant (Alabama)',
      aliases: ['Alabama CPA', 'AL CPA', 'CPA Alabama', 'CPA AL'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
