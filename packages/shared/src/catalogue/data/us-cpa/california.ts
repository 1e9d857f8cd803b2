/** California CPA licence: the California Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const CALIFORNIA: BodyData = {
  body: 'California Board of Accountancy',
  source: 'https://www.nasbaregistry.org/cpe-requirements/california',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Figures from NASBA's summary of the board's rules and CPE providers' state pages; the board's own rules were not read.",
  notes:
    'The licence renews on the last day of the birth month every two years. A two-hour board-approved Regulatory Review course is due every six years. Licensees in audit, attest or government audit work need 24 hours in that area plus 4 hours of fraud.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 80,
    cycleMonths: 24,
    annualMinimum: 20,
    annualYear: 'cycle',
    categories: [
      { id: 'technical', label: 'Technical subjects', min: 40, per: 'cycle' },
      { id: 'technical-yearly', label: 'Technical subjects each year', min: 12, per: 'year' },
      { id: 'ethics', label: 'Ethics', min: 4, per: 'cycle' },
      { id: 'non-technical', label: 'Non-technical subjects', max: 40, per: 'cycle' },
    ],
    activityCaps: [{ kind: 'instruction', label: 'Instruction', max: 40, per: 'cycle' }],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-ca',
      name: 'CPA (California)',
      fullName: 'Certified Public Accountant (California)',
      aliases: ['California CPA', 'CA CPA', 'CPA California', 'CPA CA'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
