/** District of Columbia CPA licence: the District of Columbia Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const DISTRICT_OF_COLUMBIA: BodyData = {
  body: 'District of Columbia Board of Accountancy',
  source: 'https://ez-cpe.com/?p=293',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "All figures from CPE providers' summaries; the board's regulations were not read. Two older summaries add a minimum of 40 hours a year, current ones none (none recorded). The US$110 renewal fee and US$50 late fee are from one provider's page.",
  notes:
    'The reporting period is the two calendar years ending 31 December of even years, when the licence renews. A licence issued less than two years before its first renewal needs no CPE for it. Behavioral ethics, personal development and social environment of business earn no credit; subjects outside the approved areas count for at most 25%.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 80,
    cycleMonths: 24,
    cycleStart: 'fixed',
    periodEnd: '2026-12-31',
    firstCycle: 'exempt',
    annualMinimum: null,
    annualYear: null,
    categories: [{ id: 'ethics', label: 'Professional ethics', min: 4, per: 'cycle' }],
    activityCaps: [
      { kind: 'instruction', label: 'Instruction', max: 40, per: 'cycle' },
      { kind: 'authorship', label: 'Publications', max: 20, per: 'cycle' },
      { kind: 'meetings', label: 'Committee and firm meetings', max: 20, per: 'cycle' },
    ],
    rollover: null,
    afterExpiry: [],
    fees: [
      {
        kind: 'renewal',
        amount: 110,
        currency: 'USD',
        due: 'cycle-end',
        late: { amount: 50, afterDays: 1 },
        note: 'Biennial licence renewal by 31 December of even years (amount from a CPE provider).',
      },
    ],
  },
  entries: [
    {
      id: 'cpa-us-dc',
      name: 'CPA (District of Columbia)',
      fullName: 'Certified Public Accountant (District of Columbia)',
      aliases: [
        'District of Columbia CPA',
        'DC CPA',
        'CPA District of Columbia',
        'CPA DC',
        'Washington DC CPA',
      ],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
