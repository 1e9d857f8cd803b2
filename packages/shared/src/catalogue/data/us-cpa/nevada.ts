/** Nevada CPA licence: the Nevada State Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const NEVADA: BodyData = {
  body: 'Nevada State Board of Accountancy',
  source:
    'https://regulations.justia.com/states/nevada/chapter-628/continuing-education/section-628-210',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "The 2 hours of ethics each year and the 8 of accounting and auditing for attest work are from NASBA's 2024 summary; the rule's list after the 40 hours was not read.",
  notes:
    'Since 2024 the permit renews each year and needs 40 hours in the calendar year before (NAC 628.210), reported by 31 January; the first annual renewal of an initial permit needs none. Until 2023: 80 hours in every rolling two years with 20 a year and a 4-hour ethics course every other year.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 40,
    cycleMonths: 12,
    cycleStart: 'year-end',
    firstCycle: 'exempt',
    annualMinimum: null,
    annualYear: 'calendar',
    categories: [{ id: 'ethics', label: 'Ethics', min: 2, per: 'cycle' }],
    activityCaps: [],
    rollover: null,
    afterExpiry: [],
    fees: [],
    since: '2024-01-01',
    earlier: [
      {
        before: '2024-01-01',
        rule: { total: 20, rolling: { months: 24, total: 80 }, categories: [] },
        note: 'Until 2023: 20 hours a year and 80 in every rolling two years, with 4 hours of ethics every other year.',
      },
    ],
  },
  entries: [
    {
      id: 'cpa-us-nv',
      name: 'CPA (Nevada)',
      fullName: 'Certified Public Accountant (Nevada)',
      aliases: ['Nevada CPA', 'NV CPA', 'CPA Nevada', 'CPA NV'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
