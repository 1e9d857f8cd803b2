/** Alabama CPA licence: the Alabama State Board of Public Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const ALABAMA: BodyData = {
  body: 'Alabama State Board of Public Accountancy',
  source: 'https://www.westerncpe.com/state-requirement/alabama/',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Ethics 2 hours a year since October 2019 and the 8 hours of accounting and auditing from CPE providers' copies of NASBA's summary (one provider says the 8 hours apply to every licensee, older summaries only to public practice); the self-study cap is given as 50% by one provider and lifted in 2019 by another, so none is recorded. The board's own rules were not read.",
  notes:
    'The CPE year runs 1 October to 30 September and the permit renews each year by 30 September. Behavioral and personal development courses count for at most 12 hours (8 before October 2019). What a licensee in the first, partial year owes was not found; the full 40 is recorded.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 40,
    cycleMonths: 12,
    cycleStart: 'fixed',
    periodEnd: '2026-09-30',
    annualMinimum: null,
    annualYear: 'fiscal',
    yearStartMonth: 10,
    categories: [
      { id: 'ethics', label: 'Ethics', min: 2, per: 'cycle' },
      { id: 'accounting-auditing', label: 'Accounting and auditing', min: 8, per: 'cycle' },
      {
        id: 'personal-development',
        label: 'Behavioral and personal development courses',
        max: 12,
        per: 'cycle',
      },
    ],
    activityCaps: [
      { kind: 'nano-learning', label: 'Nano-learning', max: 10, per: 'cycle' },
      { kind: 'authorship', label: 'Published materials', max: 20, per: 'cycle' },
      {
        kind: 'technical-meetings',
        label: 'Technical sessions of chapter meetings',
        max: 8,
        per: 'cycle',
      },
    ],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-al',
      name: 'CPA (Alabama)',
      fullName: 'Certified Public Accountant (Alabama)',
      aliases: ['Alabama CPA', 'AL CPA', 'CPA Alabama', 'CPA AL'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
