/** California CPA licence: the California Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const CALIFORNIA: BodyData = {
  body: 'California Board of Accountancy',
  source: 'https://www.dca.ca.gov/cba/cont_educ/cequickref.shtml',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Read from the board's quick-reference and rule pages (CCR 87.1 for new licensees) in older copies; the caps on non-technical subjects (40), instruction (40) and authorship (20) and the birth-month anchoring come from CPE providers' summaries.",
  notes:
    "The licence expires on the last day of the birth month every two years, in odd or even years by year of birth; the cycle here ends on the last day of the month two years after the certification date, to be set to the birth month. A two-hour board-approved Regulatory Review course is due every six years, and once before a new licensee's first expiry. A new licensee owes 20 hours for each full six months between issue and the first expiry (only the Regulatory Review course if less than six months), and the 4 ethics hours when 80 are due; the prorating here counts months instead of half-years. Licensees in audit, attest or government audit work need 24 hours in that area plus 4 of fraud.",
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 80,
    cycleMonths: 24,
    cycleStart: 'month-end',
    firstCycle: { units: 20, months: 6, count: 'whole' },
    annualMinimum: 20,
    annualYear: 'cycle',
    categories: [
      {
        id: 'technical',
        label: 'Technical subjects (40 over the two years)',
        min: 40,
        per: 'cycle',
      },
      {
        id: 'technical-yearly',
        label: 'Technical subjects (12 in each year)',
        min: 12,
        per: 'year',
        parent: 'technical',
      },
      { id: 'ethics', label: 'Ethics', min: 4, per: 'cycle' },
      { id: 'non-technical', label: 'Non-technical subjects', max: 40, per: 'cycle' },
    ],
    activityCaps: [
      { kind: 'instruction', label: 'Instruction', max: 40, per: 'cycle' },
      { kind: 'authorship', label: 'Authorship', max: 20, per: 'cycle' },
    ],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-ca',
      name: 'CPA (California)',
      fullName: 'Certified Public Accountant (California)',
      aliases: ['California CPA', 'CA CPA', 'CPA California', 'CPA CA'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
