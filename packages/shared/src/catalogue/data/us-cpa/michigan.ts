/** Michigan CPA licence: the Michigan Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const MICHIGAN: BodyData = {
  body: 'Michigan Board of Accountancy',
  source: 'https://www.nasbaregistry.org/cpe-requirements/michigan',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Figures from NASBA's summary of the board's rules and CPE providers' state pages; the board's own rules were not read.",
  notes:
    "Each CPE year runs 1 July to 30 June; the licence renews by 31 July every two years. Up to 40 hours beyond a year's 40 carry into the next year (at most 8 of accounting and auditing and 2 of ethics).",
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 80,
    cycleMonths: 24,
    annualMinimum: 40,
    annualYear: 'cycle',
    categories: [
      {
        id: 'ethics',
        label: 'Ethics (1 hour on Michigan statutes and rules)',
        min: 4,
        per: 'cycle',
      },
      { id: 'ethics-yearly', label: 'Ethics each year', min: 2, per: 'year' },
      {
        id: 'accounting-auditing',
        label: 'Accounting and auditing each year',
        min: 8,
        per: 'year',
      },
    ],
    activityCaps: [
      { kind: 'instruction', label: 'Instruction', max: 20, per: 'year' },
      { kind: 'self-study', label: 'Self-study', max: 20, per: 'year' },
    ],
    rollover: { max: 40, earnedInLastMonths: 12 },
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-mi',
      name: 'CPA (Michigan)',
      fullName: 'Certified Public Accountant (Michigan)',
      aliases: ['Michigan CPA', 'MI CPA', 'CPA Michigan', 'CPA MI'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
