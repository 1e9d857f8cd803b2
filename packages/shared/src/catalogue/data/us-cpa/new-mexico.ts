/** New Mexico CPA licence: the New Mexico Public Accountancy Board's CPE rules. */
import type { BodyData } from '../../types';

export const NEW_MEXICO: BodyData = {
  body: 'New Mexico Public Accountancy Board',
  source: 'https://www.westerncpe.com/state-requirement/new-mexico/',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "All figures from CPE providers' copies of NASBA's summary; the board's rules (16.60.3 NMAC) were not read.",
  notes:
    'The licence runs one year, from the first day of the month after the birth month to the last day of the birth month; the cycle here ends on the last day of the month a year after the certification date, to be set to the birth month. Each renewal needs 20 hours in the last year and 120 in the 36 months ending then, including 4 of ethics, 96 of technical subjects and 24 outside the own firm or employer; these three-year figures cannot be counted by the yearly cycle. Instruction and authorship together count for at most 60 hours, board meetings 4, nano-learning 8.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 20,
    cycleMonths: 12,
    cycleStart: 'month-end',
    annualMinimum: null,
    annualYear: 'cycle',
    rolling: { months: 36, total: 120 },
    categories: [],
    activityCaps: [],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-nm',
      name: 'CPA (New Mexico)',
      fullName: 'Certified Public Accountant (New Mexico)',
      aliases: ['New Mexico CPA', 'NM CPA', 'CPA New Mexico', 'CPA NM'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
