/** Georgia CPA licence: the Georgia State Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const GEORGIA: BodyData = {
  body: 'Georgia State Board of Accountancy',
  source:
    'https://regulations.justia.com/states/georgia/department-20/chapter-20-11/rule-20-11-02/',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "The board's rule text sets the 80 hours, 20 a year and 16 of accounting and auditing; the technical 40, the 4 ethics hours (1 on Georgia rules) and the 15-hour carryover come from a CPE provider's 2024 copy of NASBA's summary, which does not repeat the 16 hours of accounting and auditing.",
  notes:
    'The two calendar years end on 31 December of odd years, when the licence renews. A CPA first licensed one to two years before the first expiry owes 40 hours (8 of accounting and auditing); less than one year, nothing (40 for each whole year of the first period, counted back from its end). Carried hours do not count toward the yearly minimums or accounting and auditing. CPAs aged 70 or more are exempt.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 80,
    cycleMonths: 24,
    cycleStart: 'fixed',
    periodEnd: '2025-12-31',
    firstCycle: { units: 40, months: 12, count: 'whole' },
    annualMinimum: 20,
    annualYear: 'calendar',
    categories: [
      { id: 'technical', label: 'Technical subjects', min: 40, per: 'cycle' },
      {
        id: 'accounting-auditing',
        label: 'Accounting and auditing',
        min: 16,
        per: 'cycle',
        parent: 'technical',
      },
      { id: 'ethics', label: 'Ethics', min: 4, per: 'cycle' },
      {
        id: 'georgia-ethics',
        label: 'Georgia board rules and policies',
        min: 1,
        per: 'cycle',
        parent: 'ethics',
      },
    ],
    activityCaps: [
      { kind: 'meetings', label: 'Technical committee meetings', max: 20, per: 'cycle' },
    ],
    rollover: { max: 15, earnedInLastMonths: 24 },
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-ga',
      name: 'CPA (Georgia)',
      fullName: 'Certified Public Accountant (Georgia)',
      aliases: ['Georgia CPA', 'GA CPA', 'CPA Georgia', 'CPA GA'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
