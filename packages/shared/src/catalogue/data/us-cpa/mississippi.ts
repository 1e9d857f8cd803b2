/** Mississippi CPA licence: the Mississippi State Board of Public Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const MISSISSIPPI: BodyData = {
  body: 'Mississippi State Board of Public Accountancy',
  source: 'https://www.msbpa.ms.gov/continuing-professional-education',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "The 20-hour cap on personal development is from CPE providers' copies of NASBA's summary; the rest from the board's rule (30 Miss. Code R. 1-4.1) and its CPE page.",
  notes:
    "Each compliance year runs 1 July to 30 June; hours are reported by 1 August and the licence renews by 31 December. A new licensee owes nothing in the compliance year of licensure and no ethics for the rest of that triennium; nothing carries out of that exempt year. Up to 20 hours beyond the 40 carry into the next year only, and at most 20 of a year's 40 may be carried hours. Ethics: 3 hours of board-approved ethics and 1 of Mississippi accountancy law and rules in each fixed triennium (1 July 2022 to 30 June 2025, then 2025-2028), which the yearly cycle cannot count.",
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 40,
    cycleMonths: 12,
    cycleStart: 'fixed',
    periodEnd: '2026-06-30',
    firstCycle: 'exempt',
    annualMinimum: null,
    annualYear: 'fiscal',
    yearStartMonth: 7,
    categories: [
      { id: 'personal-development', label: 'Personal development', max: 20, per: 'cycle' },
    ],
    activityCaps: [],
    rollover: { max: 20, earnedInLastMonths: 12 },
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-ms',
      name: 'CPA (Mississippi)',
      fullName: 'Certified Public Accountant (Mississippi)',
      aliases: ['Mississippi CPA', 'MS CPA', 'CPA Mississippi', 'CPA MS'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
