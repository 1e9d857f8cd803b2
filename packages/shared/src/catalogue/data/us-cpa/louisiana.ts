/** Louisiana CPA licence: the State Board of Certified Public Accountants of Louisiana's CPE rules. */
import type { BodyData } from '../../types';

export const LOUISIANA: BodyData = {
  body: 'State Board of Certified Public Accountants of Louisiana',
  source: 'https://cpaboard.state.la.us/cpe',
  checked: '2026-11',
  uncertain: false,
  uncertainNote: null,
  notes:
    'The licence renews every 31 December and CPE is reported yearly: each year needs 20 hours and every two years together 80, counting backward and forward. No CPE is due in the year of licensure or reinstatement, so the following year needs 60. CPAs in attest engagements need 8 hours of accounting and auditing in the same year. When the board requires it, a board-approved ethics course (3 hours in 2018, 2022 and 2024 per CPE providers) is due; hours beyond the yearly limits do not carry over. Older summaries describe a 120-hour triennial rule that no longer applies.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 20,
    cycleMonths: 12,
    cycleStart: 'year-end',
    firstCycle: 'exempt',
    annualMinimum: null,
    annualYear: 'calendar',
    // Nothing in the year of licensure, so the two years to the next year's end ask 60.
    rolling: { months: 24, total: 80, ramp: [0, 60] },
    categories: [],
    activityCaps: [
      { kind: 'authorship', label: 'Published materials and books', max: 10, per: 'cycle' },
      { kind: 'instruction', label: 'Teaching, speaking and lecturing', max: 20, per: 'cycle' },
      { kind: 'exams', label: 'Credentialing exams', max: 20, per: 'cycle' },
    ],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-la',
      name: 'CPA (Louisiana)',
      fullName: 'Certified Public Accountant (Louisiana)',
      aliases: ['Louisiana CPA', 'LA CPA', 'CPA Louisiana', 'CPA LA'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
