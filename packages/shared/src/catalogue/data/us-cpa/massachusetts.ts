/** Massachusetts CPA licence: the Massachusetts Board of Public Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const MASSACHUSETTS: BodyData = {
  body: 'Massachusetts Board of Public Accountancy',
  source: 'https://www.westerncpe.com/state-requirement/massachusetts/',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "All figures from CPE providers' copies of NASBA's summary; the board's rules were not read. The statewide period ending 30 June 2026 fits even licence numbers only. New-licensee figures by quarter from one provider.",
  notes:
    "Licences renew every two years on 30 June, odd licence numbers in odd years and even in even; the CPE period is the two years from 1 July before. A new licensee owes 80 hours if licensed July to September of the period's first year, 70 October to December, 60 January to March, 50 April to June (one provider). Credit counts in 0.2 or 0.5 hours.",
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 80,
    cycleMonths: 24,
    cycleStart: 'fixed',
    periodEnd: '2026-06-30',
    firstCycle: 'prorated',
    annualMinimum: null,
    annualYear: null,
    increment: 0.2,
    categories: [{ id: 'ethics', label: 'Professional ethics', min: 4, per: 'cycle' }],
    activityCaps: [
      { kind: 'instruction', label: 'Instruction', max: 40, per: 'cycle' },
      { kind: 'authorship', label: 'Published materials', max: 20, per: 'cycle' },
    ],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-ma',
      name: 'CPA (Massachusetts)',
      fullName: 'Certified Public Accountant (Massachusetts)',
      aliases: ['Massachusetts CPA', 'MA CPA', 'CPA Massachusetts', 'CPA MA'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
