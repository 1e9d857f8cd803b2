/** Maryland CPA licence: the Maryland State Board of Public Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const MARYLAND: BodyData = {
  body: 'Maryland State Board of Public Accountancy',
  source: 'https://instalawyer.io/laws/maryland-statutes/section-2-312-continuing-education',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "The 4 ethics hours and the 76-hour carry limit are from an older copy of the board's CPE policy; the licence term's end date (two years from issue) and the caps come from CPE providers' summaries.",
  notes:
    'Licences renew every two years from the issue date. The first renewal needs no CPE: the whole first term is free, which the cycle figures cannot express (the engine treats only a short first cycle). Hours beyond 80 are credited to the next term; ethics hours carry only as general hours, since 4 ethics hours must be earned in each term, so at most 76 carry. Whole hours only. Instruction counts for at most 45 hours, publications 40 (10 per article), peer review 16 (providers).',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 80,
    cycleMonths: 24,
    firstCycle: 'exempt',
    annualMinimum: null,
    annualYear: null,
    increment: 1,
    categories: [{ id: 'ethics', label: 'Professional ethics', min: 4, per: 'cycle' }],
    activityCaps: [
      { kind: 'instruction', label: 'Instruction', max: 45, per: 'cycle' },
      { kind: 'authorship', label: 'Published articles', max: 40, per: 'cycle' },
      { kind: 'peer-review', label: 'Peer review', max: 16, per: 'cycle' },
    ],
    rollover: { max: 76, earnedInLastMonths: 24 },
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-md',
      name: 'CPA (Maryland)',
      fullName: 'Certified Public Accountant (Maryland)',
      aliases: ['Maryland CPA', 'MD CPA', 'CPA Maryland', 'CPA MD'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
