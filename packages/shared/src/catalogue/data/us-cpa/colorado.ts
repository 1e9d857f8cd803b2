/** Colorado CPA licence: the Colorado State Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const COLORADO: BodyData = {
  body: 'Colorado State Board of Accountancy',
  source: 'https://dpo.colorado.gov/Accountancy/CPE',
  checked: '2026-11',
  uncertain: false,
  uncertainNote: null,
  notes:
    "The reporting period runs from 1 January of an even year to 31 December of the next (odd) year for everyone; the current one is 2024-2025. From certification a CPA accrues 10 hours for every full calendar quarter of the period, which the months-based prorating here approximates. Of the 4 ethics hours at most 2 may be on Colorado rules and regulations. CPE providers' summaries say the certification renews by 30 November of odd years and cost US$110, neither read on the board's page.",
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 80,
    cycleMonths: 24,
    cycleStart: 'fixed',
    periodEnd: '2025-12-31',
    firstCycle: { units: 10, months: 3, count: 'whole' },
    annualMinimum: null,
    annualYear: null,
    categories: [
      {
        id: 'ethics',
        label: 'Ethics (at most 2 on Colorado rules and regulations)',
        min: 4,
        per: 'cycle',
      },
      { id: 'personal-development', label: 'Personal development', max: 16, per: 'cycle' },
    ],
    activityCaps: [
      { kind: 'instruction-authorship', label: 'Teaching and publishing', max: 40, per: 'cycle' },
    ],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-co',
      name: 'CPA (Colorado)',
      fullName: 'Certified Public Accountant (Colorado)',
      aliases: ['Colorado CPA', 'CO CPA', 'CPA Colorado', 'CPA CO'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
