/** New Jersey CPA licence: the New Jersey State Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const NEW_JERSEY: BodyData = {
  body: 'New Jersey State Board of Accountancy',
  source: 'https://www.njcpa.org/learn/maintain-your-license/cpe-requirements',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Figures from the New Jersey Society of CPAs and CPE providers; the board's own rules were not read.",
  notes:
    'The three-year period runs 1 January to 31 December, for every licensee at once (2024-2026). CPAs in public practice need 24 of the technical hours in accounting and auditing. No carry-forward.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 120,
    cycleMonths: 36,
    annualMinimum: 20,
    annualYear: 'calendar',
    categories: [
      { id: 'technical', label: 'Technical subjects', min: 60, per: 'cycle' },
      { id: 'ethics', label: 'New Jersey law and ethics', min: 4, per: 'cycle' },
    ],
    activityCaps: [
      { kind: 'instruction', label: 'Instruction', max: 60, per: 'cycle' },
      { kind: 'authorship', label: 'Authoring', max: 30, per: 'cycle' },
    ],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-nj',
      name: 'CPA (New Jersey)',
      fullName: 'Certified Public Accountant (New Jersey)',
      aliases: ['New Jersey CPA', 'NJ CPA', 'CPA New Jersey', 'CPA NJ'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
