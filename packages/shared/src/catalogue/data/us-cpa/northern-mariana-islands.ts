/** Northern Mariana Islands CPA licence: the CNMI Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const NORTHERN_MARIANA_ISLANDS: BodyData = {
  body: 'CNMI Board of Accountancy',
  source: 'https://www.westerncpe.com/state-requirement/northern-mariana-islands/',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "All figures from CPE providers' summaries; the board's rules were not read. Fee (US$150) and the delinquency fee (US$2 a day, at least US$50, not recorded) from one provider.",
  notes:
    'Licences renew every three years on 31 December; the period is the three calendar years ending then, set here by the licence date. The ethics course should be taken in the CNMI where one is offered; until then any 4-hour accounting or business ethics course counts. A certificate issued well under three years before renewal needs prorated hours. No carryover.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 120,
    cycleMonths: 36,
    cycleStart: 'year-end',
    firstCycle: 'prorated',
    annualMinimum: 20,
    annualYear: 'calendar',
    categories: [{ id: 'ethics', label: 'Ethics', min: 4, per: 'cycle' }],
    activityCaps: [],
    rollover: null,
    afterExpiry: [],
    fees: [
      {
        kind: 'renewal',
        amount: 150,
        currency: 'USD',
        due: 'cycle-end',
        note: 'Three-year licence renewal by 31 December (amount from a CPE provider).',
      },
    ],
  },
  entries: [
    {
      id: 'cpa-us-mp',
      name: 'CPA (Northern Mariana Islands)',
      fullName: 'Certified Public Accountant (Northern Mariana Islands)',
      aliases: [
        'Northern Mariana Islands CPA',
        'MP CPA',
        'CPA Northern Mariana Islands',
        'CPA MP',
        'CNMI CPA',
      ],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
