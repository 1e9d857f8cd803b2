/**
 * CFP Board: 30 hours of continuing education every two-year reporting
 * period, two of them in CFP Board-approved ethics.
 */
import type { BodyData } from '../types';

export const CFP_BOARD: BodyData = {
  body: 'CFP Board',
  source:
    'https://www.cfp.net/for-cfp-professionals/continuing-education/continuing-education-policies',
  checked: '2026-11',
  uncertain: false,
  uncertainNote: null,
  notes:
    'The reporting period ends on the last day of the renewal month. Hours beyond 30 do not carry over, and one program cannot be split between periods. The first period is prorated. An annual certification fee applies (amount not confirmed).',
  recommendable: true,
  renewal: {
    kind: 'credits',
    unit: 'CE',
    total: 30,
    cycleMonths: 24,
    annualMinimum: null,
    annualYear: null,
    categories: [
      { id: 'ethics', label: 'CFP Board-approved ethics', min: 2, per: 'cycle' },
      { id: 'general', label: 'General CE on CFP Board principal topics', min: 28, per: 'cycle' },
    ],
    activityCaps: [],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cfp-cfp',
      name: 'CFP',
      fullName: 'Certified Financial Planner',
      aliases: ['CFP Board CFP', 'Certified Financial Planner professional'],
      domains: ['financial planning', 'accounting'],
      level: 3,
      nextSteps: [],
    },
  ],
};
