/** Kentucky CPA licence: the Kentucky State Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const KENTUCKY: BodyData = {
  body: 'Kentucky State Board of Accountancy',
  source: 'https://my-cpe.com/continuing-education/cpa-us/cpe-requirements/kentucky-cpa',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "All figures from CPE providers' summaries; the board's regulation was not read. Carryover: one provider allows 20 hours, another none (none recorded). Providers disagree on whether even licence numbers report in even or odd years; the 2025 period end is one of the two. Personal development: one provider allows 8 or 12 hours, another lists it among subjects that earn no credit.",
  notes:
    'The licence renews on 1 August every two years, by licence number; the CPE period is the two calendar years before. CPAs who worked 3,000 hours or more in a public accounting firm in the period need 80 hours (personal development at most 8); everyone else 60, the figure recorded. Half the hours must be technical standards courses. Attest and compilation work needs 8 hours of accounting or auditing each year. A new licensee owes 2 hours for each full month held (ethics apart); the months-based prorating here approximates it. Behavioral ethics and personnel subjects earn no credit.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 60,
    cycleMonths: 24,
    cycleStart: 'fixed',
    periodEnd: '2025-12-31',
    firstCycle: 'prorated',
    annualMinimum: null,
    annualYear: null,
    categories: [
      { id: 'ethics', label: 'Professional ethics', min: 2, per: 'cycle' },
      { id: 'technical', label: 'Technical standards courses', min: 30, per: 'cycle' },
      { id: 'personal-development', label: 'Personal development', max: 12, per: 'cycle' },
    ],
    activityCaps: [
      { kind: 'instruction', label: 'Instruction', max: 36, per: 'cycle' },
      { kind: 'authorship', label: 'Published articles and books', max: 15, per: 'cycle' },
    ],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-ky',
      name: 'CPA (Kentucky)',
      fullName: 'Certified Public Accountant (Kentucky)',
      aliases: ['Kentucky CPA', 'KY CPA', 'CPA Kentucky', 'CPA KY'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
