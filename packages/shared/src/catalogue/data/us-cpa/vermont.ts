/** Vermont CPA licence: the Vermont Board of Public Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const VERMONT: BodyData = {
  body: 'Vermont Board of Public Accountancy',
  source: 'https://nasbaregistry.org/cpe-requirements/vermont',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "All figures from NASBA's 2022 summary and CPE providers; the board's rules were not read. New-licensee figures (none with less than a year, 40 with more) from one provider; the months-based prorating here approximates them.",
  notes:
    'Licences renew on 31 July of odd years; the CPE period is the two years from 1 August before. Ethics must cover the AICPA code and Vermont statutes and rules. Up to 10 hours carry forward, not toward accounting and auditing or ethics. The board recommends 40 hours a year. Whole credits only, except nano-learning.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 80,
    cycleMonths: 24,
    cycleStart: 'fixed',
    periodEnd: '2025-07-31',
    firstCycle: 'prorated',
    annualMinimum: null,
    annualYear: null,
    increment: 1,
    categories: [
      { id: 'ethics', label: 'Ethics (AICPA code and Vermont rules)', min: 4, per: 'cycle' },
      { id: 'accounting-auditing', label: 'Accounting and auditing', min: 8, per: 'cycle' },
    ],
    activityCaps: [
      { kind: 'instruction', label: 'Instruction', max: 40, per: 'cycle' },
      { kind: 'authorship', label: 'Authorship', max: 20, per: 'cycle' },
    ],
    rollover: { max: 10, earnedInLastMonths: 24 },
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-vt',
      name: 'CPA (Vermont)',
      fullName: 'Certified Public Accountant (Vermont)',
      aliases: ['Vermont CPA', 'VT CPA', 'CPA Vermont', 'CPA VT'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
