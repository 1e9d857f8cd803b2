/** Indiana CPA licence: the Indiana Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const INDIANA: BodyData = {
  body: 'Indiana Board of Accountancy',
  source: 'https://www.westerncpe.com/state-requirement/indiana/',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "The rule (872 IAC 1-3-3, read in a 2016 copy) gives the 120 hours, 10% of accounting or auditing and 4 ethics hours over the three years ending 31 December before expiry; the 20 hours a year, the caps on self-study and instruction (50% each) and the 2026 period end come from CPE providers' summaries.",
  notes:
    'The three calendar years end on 31 December (2023, 2026, ...) and the licence renews by the following 30 June. The ethics requirement may instead be met by a competency-based ethics course or unpaid work applying the code of conduct. Courses are measured in 50-minute hours; half hours count after the first hour.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 120,
    cycleMonths: 36,
    cycleStart: 'fixed',
    periodEnd: '2026-12-31',
    annualMinimum: 20,
    annualYear: 'calendar',
    categories: [
      { id: 'ethics', label: 'Ethics', min: 4, per: 'cycle' },
      { id: 'accounting-auditing', label: 'Accounting or auditing', min: 12, per: 'cycle' },
    ],
    activityCaps: [
      { kind: 'self-study', label: 'Self-study', max: 60, per: 'cycle' },
      { kind: 'instruction', label: 'Instruction', max: 60, per: 'cycle' },
    ],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-in',
      name: 'CPA (Indiana)',
      fullName: 'Certified Public Accountant (Indiana)',
      aliases: ['Indiana CPA', 'IN CPA', 'CPA Indiana', 'CPA IN'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
