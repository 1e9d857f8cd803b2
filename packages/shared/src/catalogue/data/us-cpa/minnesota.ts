/** Minnesota CPA licence: the Minnesota State Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const MINNESOTA: BodyData = {
  body: 'Minnesota State Board of Accountancy',
  source: 'https://regulations.justia.com/states/minnesota/agency-102/chapter-1105/part-1105-3000',
  checked: '2026-11',
  uncertain: false,
  uncertainNote: null,
  notes:
    "The board's rule (Minn. R. 1105.3000) asks at least 20 hours each CPE year (1 July to 30 June, completed by 30 June and reported by 31 December) and 120 in every rolling three years; nothing carries forward, but hours earned after 30 June may be carried back to the year before on paying late processing fees. CPE providers add 8 hours of ethics and 60 of technical subjects in every three years, at least 24 in group or blended programs, and caps of 60 each on instruction and authorship, all over three years, which the yearly cycle cannot count.",
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 20,
    cycleMonths: 12,
    cycleStart: 'fixed',
    periodEnd: '2026-06-30',
    annualMinimum: null,
    annualYear: 'fiscal',
    yearStartMonth: 7,
    rolling: { months: 36, total: 120 },
    categories: [],
    activityCaps: [],
    rollover: null,
    afterExpiry: [
      {
        kind: 'grace',
        days: 184,
        creditsCount: true,
        note: 'Hours earned after 30 June may be carried back to the year just ended, with late processing fees, until the report is due on 31 December.',
      },
    ],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-mn',
      name: 'CPA (Minnesota)',
      fullName: 'Certified Public Accountant (Minnesota)',
      aliases: ['Minnesota CPA', 'MN CPA', 'CPA Minnesota', 'CPA MN'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
