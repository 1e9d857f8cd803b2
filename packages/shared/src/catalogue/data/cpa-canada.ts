/**
 * CPA Canada: the provincial CPA bodies set harmonised CPD rules: 120 hours
 * in every rolling three-year period and 20 a year, half of them verifiable,
 * with 4 verifiable hours of ethics every three years.
 */
import type { BodyData } from '../types';

export const CPA_CANADA: BodyData = {
  body: 'CPA Canada',
  source:
    'https://www.cpaontario.ca/members/regulations-guidance/continuing-professional-development',
  checked: '2026-11',
  uncertain: false,
  uncertainNote: null,
  notes:
    'Each province administers CPD (CPA Ontario: Regulation 7-2); the requirements are harmonised. The year is the calendar year, declared by 1 June of the next (Ontario). Members admitted during a year have a prorated first period. No carry-forward. Public accounting licensees must take CPD related to public accounting.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPD hours',
    total: 120,
    cycleMonths: 36,
    annualMinimum: 20,
    annualYear: 'calendar',
    categories: [
      { id: 'verifiable', label: 'Verifiable CPD', min: 60, per: 'cycle' },
      { id: 'verifiable-yearly', label: 'Verifiable CPD each year', min: 10, per: 'year' },
      { id: 'ethics', label: 'Verifiable professional ethics', min: 4, per: 'cycle' },
    ],
    activityCaps: [],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-canada',
      name: 'CPA Canada',
      fullName: 'Chartered Professional Accountant (Canada)',
      aliases: [
        'CPA (Canada)',
        'Canadian CPA',
        'Chartered Professional Accountant',
        'Comptable professionnel agréé',
        'CPA Ontario',
      ],
      domains: ['accounting'],
      level: 3,
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
