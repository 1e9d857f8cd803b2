/** Kansas CPA licence: the Kansas Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const KANSAS: BodyData = {
  body: 'Kansas Board of Accountancy',
  source: 'https://www.westerncpe.com/state-requirement/kansas/',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "All figures from CPE providers' copies of NASBA's summary; the board's rules were not read. The statewide period ending 30 June 2026 fits even certificate numbers only.",
  notes:
    'Permits renew every two years on 30 June: even certificate numbers in even years, odd numbers in odd years; the CPE period is the two years from 1 July before. Online renewal stays open to 31 July, then a late fee applies. Up to 20 hours beyond 80 carry forward, but not toward ethics. Licensed municipal public accountants need 16 hours a year, 8 of them in municipal accounting and auditing.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 80,
    cycleMonths: 24,
    cycleStart: 'fixed',
    periodEnd: '2026-06-30',
    annualMinimum: null,
    annualYear: null,
    categories: [
      { id: 'ethics', label: 'Professional ethics', min: 2, per: 'cycle' },
      { id: 'personal-development', label: 'Personal development', max: 24, per: 'cycle' },
    ],
    activityCaps: [{ kind: 'instruction', label: 'Instruction', max: 40, per: 'cycle' }],
    rollover: { max: 20, earnedInLastMonths: 24 },
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-ks',
      name: 'CPA (Kansas)',
      fullName: 'Certified Public Accountant (Kansas)',
      aliases: ['Kansas CPA', 'KS CPA', 'CPA Kansas', 'CPA KS'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
