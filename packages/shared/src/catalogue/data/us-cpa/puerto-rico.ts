/** Puerto Rico CPA licence: the Puerto Rico Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const PUERTO_RICO: BodyData = {
  body: 'Puerto Rico Board of Accountancy',
  source: 'https://www.westerncpe.com/state-requirement/puerto-rico/',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "The hours and categories are from CPE providers' copies of NASBA's 2025 summary (earlier summaries asked 90 hours of CPAs not practising); the board's regulation was not read. The cycle start (1 August of the calendar year the licence is issued) is from one provider.",
  notes:
    'Licences last three years, expiring on 1 December of the third year after the year of issue (the accountancy law, 20 LPRA §779, which also set a US$50 renewal fee and US$60 late, in a 1994 text); the CPE period is the three years from 1 August to 31 July before. Public practitioners need 40 hours in accounting, auditing and tax (28 and 12 either way); CPAs in private practice 30 to 60 in subjects of their industry. At most 10 hours a day. Missing hours may be made up until 30 November, not counting toward the next period. A licence issued after 1 August starts its period on 1 August of the same year, which the cycle here places a year later.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 120,
    cycleMonths: 36,
    cycleStart: 'year-after',
    annualMinimum: null,
    annualYear: 'fiscal',
    yearStartMonth: 8,
    categories: [
      { id: 'ethics', label: 'Professional ethics', min: 3, per: 'cycle' },
      {
        id: 'soft-skills',
        label: 'Communication, behavioral sciences, public relations, securities sales',
        max: 24,
        per: 'cycle',
      },
    ],
    activityCaps: [
      { kind: 'self-study', label: 'Self-study', max: 60, per: 'cycle' },
      { kind: 'authorship', label: 'Published materials', max: 60, per: 'cycle' },
    ],
    rollover: null,
    afterExpiry: [
      {
        kind: 'grace',
        days: 122,
        creditsCount: true,
        note: 'Missing hours may be completed until 30 November; they do not count toward the next period.',
      },
    ],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-pr',
      name: 'CPA (Puerto Rico)',
      fullName: 'Certified Public Accountant (Puerto Rico)',
      aliases: ['Puerto Rico CPA', 'PR CPA', 'CPA Puerto Rico', 'CPA PR'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
