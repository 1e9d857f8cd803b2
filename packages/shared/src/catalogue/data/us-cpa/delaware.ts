/** Delaware CPA licence: the Delaware Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const DELAWARE: BodyData = {
  body: 'Delaware Board of Accountancy',
  source: 'https://www.westerncpe.com/state-requirement/delaware/',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "All figures from CPE providers' copies of NASBA's summary; the board's rules were not read. The US$187 renewal fee is from one provider's page. New licensees: less than a year before renewal owe nothing, one to two years owe 40 (one provider); the months-based prorating here only approximates this.",
  notes:
    'The period runs 1 July to 30 June, ending with the licence on 30 June of odd years. Ethics must be a Delaware-specific course approved by the board. Behavioral ethics and personal development earn no credit; whole hours only. No carryover.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 80,
    cycleMonths: 24,
    cycleStart: 'fixed',
    periodEnd: '2025-06-30',
    firstCycle: 'prorated',
    annualMinimum: 20,
    annualYear: 'fiscal',
    yearStartMonth: 7,
    increment: 1,
    categories: [
      {
        id: 'accounting-auditing-tax',
        label: 'Accounting, auditing or tax',
        min: 36,
        per: 'cycle',
      },
      {
        id: 'accounting-auditing',
        label: 'Accounting and auditing',
        min: 8,
        per: 'cycle',
        parent: 'accounting-auditing-tax',
      },
      { id: 'tax', label: 'Taxation', min: 8, per: 'cycle', parent: 'accounting-auditing-tax' },
      { id: 'ethics', label: 'Delaware board-approved ethics', min: 4, per: 'cycle' },
    ],
    activityCaps: [
      { kind: 'self-study', label: 'Self-study', max: 24, per: 'cycle' },
      { kind: 'instruction', label: 'Instruction', max: 40, per: 'cycle' },
      { kind: 'authorship', label: 'Published materials', max: 20, per: 'cycle' },
    ],
    rollover: null,
    afterExpiry: [],
    fees: [
      {
        kind: 'renewal',
        amount: 187,
        currency: 'USD',
        due: 'cycle-end',
        note: 'Biennial licence renewal, due 30 June of odd years (amount from a CPE provider).',
      },
    ],
  },
  entries: [
    {
      id: 'cpa-us-de',
      name: 'CPA (Delaware)',
      fullName: 'Certified Public Accountant (Delaware)',
      aliases: ['Delaware CPA', 'DE CPA', 'CPA Delaware', 'CPA DE'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
