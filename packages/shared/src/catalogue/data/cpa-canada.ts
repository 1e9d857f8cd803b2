/**
 * CPA Canada: the provincial CPA bodies set harmonised CPD rules: at least
 * 20 hours every calendar year (10 verifiable) and 120 in every rolling
 * three-year period (60 verifiable, 4 of them in ethics), declared yearly.
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
    'Each province administers CPD (CPA Ontario: Regulation 7-2); the requirements are harmonised. The year is the calendar year, declared by 1 June of the next in Ontario (late fee after it, suspension after 30 June). Every year: 20 hours, 10 of them verifiable; every rolling three years (the year and the two before): 120 hours, of which 60 verifiable and 4 verifiable in professional ethics. Members admitted on or before 30 September owe the full year of admission; those admitted later are exempt for it, and their first year is the next. The first three-year period is prorated: 40 hours by the end of the first year and 80 by the end of the second, with the verifiable and ethics hours in proportion; hours of an exempt year of admission are left out of it (the regulation does not say they count). No carry-forward. Public accounting licensees must take CPD related to public accounting. Membership fees vary by province and are not recorded.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPD hours',
    total: 20,
    cycleMonths: 12,
    cycleStart: 'year-end',
    firstCycleExemptAfter: '09-30',
    annualMinimum: null,
    annualYear: 'calendar',
    rolling: {
      months: 36,
      total: 120,
      ramp: [40, 80],
      rampMonths: [12, 24],
      categories: [
        { id: 'verifiable', min: 60 },
        { id: 'ethics', min: 4 },
      ],
    },
    categories: [
      { id: 'verifiable', label: 'Verifiable CPD', min: 10, per: 'cycle' },
      {
        id: 'ethics',
        label: 'Professional ethics (verifiable)',
        per: 'cycle',
        parent: 'verifiable',
      },
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
