/** Guam CPA licence: the Guam Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const GUAM: BodyData = {
  body: 'Guam Board of Accountancy',
  source: 'https://www.westerncpe.com/state-requirement/guam/',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "All figures from CPE providers' copies of NASBA's 2020 summary; the board's rules were not read. Renewal is yearly on 30 June in most summaries, every two years in one (fee US$100, late US$75, not recorded).",
  notes:
    'CPE is counted by calendar year over a rolling three years: 20 hours a year and 120 in the three, with 6 hours of ethics and 30 of accounting and auditing, and at most 30 of personal development, over the three years (figures the yearly cycle cannot count). A CPA short on 31 December is granted an extension to 1 June with 16 more accounting and auditing hours. Whole hours only; self-study must be interactive.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 20,
    cycleMonths: 12,
    cycleStart: 'year-end',
    annualMinimum: null,
    annualYear: 'calendar',
    rolling: { months: 36, total: 120 },
    increment: 1,
    categories: [],
    activityCaps: [],
    rollover: null,
    afterExpiry: [
      {
        kind: 'grace',
        months: 5,
        days: 1,
        creditsCount: true,
        note: 'Automatic extension to 1 June, with 16 more hours of accounting and auditing.',
      },
    ],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-gu',
      name: 'CPA (Guam)',
      fullName: 'Certified Public Accountant (Guam)',
      aliases: ['Guam CPA', 'GU CPA', 'CPA Guam', 'CPA GU'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
