/** Maine CPA licence: the Maine Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const MAINE: BodyData = {
  body: 'Maine Board of Accountancy',
  source: 'https://regulations.justia.com/states/maine/02/280/chapter-5/section-280-5-8',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "The 1 October to 30 September year (renewal by 30 September) and the 20-hour cap on soft subjects come from the Maine Society of CPAs and CPE providers; the rest from the board's rule (02-280 ch. 5 §8), read in a 2024 copy.",
  notes:
    'The CPE year is the twelve-month licence period before the renewal date. A first licensee owes 40 hours in the first full licence year after the year the licence was obtained; some providers instead describe 20 hours or none at the first renewal by issue month. Up to 20 hours beyond the 40 carry into the next year only. Ethics: 4 hours every three years from the first renewal. Soft subjects (communication, mathematics, economics, law, human resources, software) count for at most half the year.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 40,
    cycleMonths: 12,
    cycleStart: 'fixed',
    periodEnd: '2026-09-30',
    firstCycle: 'exempt',
    annualMinimum: null,
    annualYear: 'fiscal',
    yearStartMonth: 10,
    categories: [{ id: 'soft-subjects', label: 'Soft subjects', max: 20, per: 'cycle' }],
    activityCaps: [],
    rollover: { max: 20, earnedInLastMonths: 12 },
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-me',
      name: 'CPA (Maine)',
      fullName: 'Certified Public Accountant (Maine)',
      aliases: ['Maine CPA', 'ME CPA', 'CPA Maine', 'CPA ME'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
