/** Oklahoma CPA licence: the Oklahoma Accountancy Board's CPE rules. */
import type { BodyData } from '../../types';

export const OKLAHOMA: BodyData = {
  body: 'Oklahoma Accountancy Board',
  source: 'https://oklahoma.gov/oab/departments/continuing-professional-education.html',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "The 20 hours a year, 120 over three calendar years, 4 hours of ethics in every rolling three years and the 10-hour authorship cap come from CPE providers' summaries; the board's page says only that the prior calendar year's CPE is reported before the yearly birth-month renewal. Providers disagree on nano-learning (not accepted, or up to 20 hours).",
  notes:
    "The permit renews every year by the end of the birth month; CPE is counted by calendar year and reported before renewal. A new licensee's first three-year period starts on 1 January of the year licensed, with 20 hours due that year and no proration (a provider). Holders employed in industry need 72 of the 120 hours in subjects related to public accounting and 8 a year in accounting, tax or assurance; those supervising compilations 4 hours a year on compilations.",
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 20,
    cycleMonths: 12,
    cycleStart: 'year-end',
    annualMinimum: null,
    annualYear: 'calendar',
    // A new licensee's first three-year period starts with the year licensed: 20, then 40, then 120.
    rolling: { months: 36, total: 120, ramp: [20, 40] },
    categories: [],
    activityCaps: [{ kind: 'authorship', label: 'Published materials', max: 10, per: 'cycle' }],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-ok',
      name: 'CPA (Oklahoma)',
      fullName: 'Certified Public Accountant (Oklahoma)',
      aliases: ['Oklahoma CPA', 'OK CPA', 'CPA Oklahoma', 'CPA OK'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
