/** New York CPA licence: the New York State Board for Public Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const NEW_YORK: BodyData = {
  body: 'New York State Board for Public Accountancy',
  source: 'https://op.nysed.gov/professions/certified-public-accountants/mce-questions-answers',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "The ethics hours (4 in the three calendar years before the registration ends) and the 60-hour cap on instruction and publications come from CPE providers' summaries; the yearly hours and the start for new licensees from the State Education Department's questions and answers.",
  notes:
    'CPE is counted by calendar year: 40 hours in any recognised subjects, or 24 concentrated in one (the figures record the 40). Registration is triennial from the issue date. New licensees start on 1 January after the end of their first registration period, so the whole first registration needs no CPE (the years of it are deemed met; the three-year total is not waived by the figures). Supervisors of attest or compilation work need 40 hours in accounting, auditing or attest over the three years before.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 120,
    cycleMonths: 36,
    annualMinimum: 40,
    annualYear: 'calendar',
    newlyCertifiedYears: 4,
    categories: [{ id: 'ethics', label: 'Professional ethics', min: 4, per: 'cycle' }],
    activityCaps: [
      {
        kind: 'instruction-authorship',
        label: 'Instruction and published articles or books',
        max: 60,
        per: 'cycle',
      },
    ],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-ny',
      name: 'CPA (New York)',
      fullName: 'Certified Public Accountant (New York)',
      aliases: ['New York CPA', 'NY CPA', 'CPA New York', 'CPA NY'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
