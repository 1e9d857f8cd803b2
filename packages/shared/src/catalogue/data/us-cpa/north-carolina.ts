/** North Carolina CPA licence: the North Carolina State Board of CPA Examiners' CPE rules. */
import type { BodyData } from '../../types';

export const NORTH_CAROLINA: BodyData = {
  body: 'North Carolina State Board of CPA Examiners',
  source: 'https://nccpaboard.gov/cpe/',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Caps on instruction (20) and published works (10) from NASBA's summary; the rest from the board's rule (21 NCAC 08G .0401) and CPE page. The quarterly figures for new CPAs are from the board's 2008 newsletter.",
  notes:
    'The board counts 2,000 minutes (40 hours) each calendar year, with at least 50 minutes of ethics; the licence renews by 30 June. A new CPA approved in April to June owes 30 hours that year, July to September 20, October to December 10, and CPE from earlier in the approval year counts. Up to 1,000 minutes (20 hours) beyond the year carry into the next, not as ethics. Hours completed after 31 December but by 30 June earn a letter of warning the first time in five years; a second time the renewal may be refused for at least 30 days.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 40,
    cycleMonths: 12,
    cycleStart: 'year-end',
    firstCycle: { units: 10, months: 3, count: 'started' },
    annualMinimum: null,
    annualYear: 'calendar',
    categories: [{ id: 'ethics', label: 'Ethics', min: 1, per: 'cycle' }],
    activityCaps: [
      { kind: 'instruction', label: 'Instruction', max: 20, per: 'cycle' },
      { kind: 'authorship', label: 'Published works', max: 10, per: 'cycle' },
    ],
    rollover: { max: 20, earnedInLastMonths: 12 },
    afterExpiry: [
      {
        kind: 'grace',
        months: 6,
        creditsCount: true,
        note: 'CPE completed by 30 June still counts for the year, with a letter of warning (a second failure in five years may refuse renewal).',
      },
    ],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-nc',
      name: 'CPA (North Carolina)',
      fullName: 'Certified Public Accountant (North Carolina)',
      aliases: ['North Carolina CPA', 'NC CPA', 'CPA North Carolina', 'CPA NC'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
