/** U.S. Virgin Islands CPA licence: the Virgin Islands Board of Public Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const VIRGIN_ISLANDS: BodyData = {
  body: 'Virgin Islands Board of Public Accountancy',
  source: 'https://www.nasbaregistry.org/cpe-requirements/virgin-islands',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "NASBA's 2022 summary asks 40 hours each year; one provider copy says 20. The US$390 fee and the delinquency dates are from a CPE provider. The board's rules were not read.",
  notes:
    'Permits renew every 30 June; the three calendar years before must hold 120 hours with at least 40 in each, and 4 hours of ethics over the three (not counted by the yearly cycle). Applications are due between 1 July and 31 August, after which a delinquency fee of US$25 a month applies. No carryover.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 40,
    cycleMonths: 12,
    cycleStart: 'year-end',
    annualMinimum: null,
    annualYear: 'calendar',
    categories: [],
    activityCaps: [],
    rollover: null,
    afterExpiry: [],
    fees: [
      {
        kind: 'annual',
        amount: 390,
        currency: 'USD',
        due: 'fixed-date',
        dueDate: '06-30',
        note: 'Yearly permit renewal by 30 June (amount from a CPE provider).',
      },
    ],
  },
  entries: [
    {
      id: 'cpa-us-vi',
      name: 'CPA (U.S. Virgin Islands)',
      fullName: 'Certified Public Accountant (U.S. Virgin Islands)',
      aliases: [
        'U.S. Virgin Islands CPA',
        'VI CPA',
        'CPA U.S. Virgin Islands',
        'CPA VI',
        'USVI CPA',
      ],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
