/** New York CPA licence: the New York State Board for Public Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const NEW_YORK: BodyData = {
  body: 'New York State Board for Public Accountancy',
  source: 'https://www.nasbaregistry.org/cpe-requirements/new-york',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Figures from NASBA's summary of the board's rules and CPE providers' state pages; the board's own rules were not read.",
  notes:
    'The CPE year is the calendar year; registration renews every three years. Instead of 40 hours in any recognised subjects, a CPA may take 24 hours a year concentrated in one subject (72 per registration). Supervisors of attest or compilation work need 40 hours in accounting, auditing or attest over three years.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 120,
    cycleMonths: 36,
    annualMinimum: 40,
    annualYear: 'calendar',
    categories: [{ id: 'ethics', label: 'Professional ethics', min: 4, per: 'cycle' }],
    activityCaps: [
      {
        kind: 'instruction-authorship',
        label: 'Instruction and published articles or books',
        max: 60,
        per: 'cycle',
      },
    ],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-ny',
      name: 'CPA (New York)',
      fullName: 'Certified Public Accountant (New York)',
      aliases: ['New York CPA', 'NY CPA', 'CPA New York', 'CPA NY'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
