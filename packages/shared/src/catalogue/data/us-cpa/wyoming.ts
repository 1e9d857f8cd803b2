/** Wyoming CPA licence: the Wyoming Board of Certified Public Accountants' CPE rules. */
import type { BodyData } from '../../types';

export const WYOMING: BodyData = {
  body: 'Wyoming Board of Certified Public Accountants',
  source: 'https://cpaboard.wyo.gov/cpe/cpe-faq',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "The 120 hours over three calendar years, the 80 in Code A subjects and the caps (independent study 12, instruction 60, authorship 30) are from CPE providers' copies of NASBA's summary; the board's pages give the new-licensee figures, the ethics course and the extension.",
  notes:
    'The certificate renews every 31 December and the three calendar years before must hold 120 hours (a rolling check); no yearly minimum is set, so the rule is recorded as three-year cycles of calendar years. New licensees report nothing at the first renewal, 60 hours at the second and 120 at the third, and CPE from the whole calendar year of licensure counts. A board-approved Wyoming ethics course is due within six months of licensure (by the end of the sixth month) and then every three years by 31 December. An automatic 90-day extension runs to 31 March; a longer one must be asked for by 1 March.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 120,
    cycleMonths: 36,
    cycleStart: 'year-end',
    annualMinimum: null,
    annualYear: 'calendar',
    categories: [
      { id: 'ethics', label: 'Board-approved Wyoming ethics', min: 4, per: 'cycle' },
      { id: 'code-a', label: 'Code A (technical) subjects', min: 80, per: 'cycle' },
    ],
    activityCaps: [
      { kind: 'independent-study', label: 'Independent study', max: 12, per: 'cycle' },
      { kind: 'instruction', label: 'Instruction', max: 60, per: 'cycle' },
      { kind: 'authorship', label: 'Articles and books', max: 30, per: 'cycle' },
    ],
    rollover: null,
    afterExpiry: [
      {
        kind: 'grace',
        months: 3,
        creditsCount: true,
        note: 'Automatic extension to 31 March on request (the certificate is then audited).',
      },
    ],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-wy',
      name: 'CPA (Wyoming)',
      fullName: 'Certified Public Accountant (Wyoming)',
      aliases: ['Wyoming CPA', 'WY CPA', 'CPA Wyoming', 'CPA WY'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
