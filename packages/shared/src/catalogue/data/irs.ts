/**
 * IRS: an enrolled agent completes 72 hours of continuing education in each
 * three-year enrollment cycle, at least 16 (2 on ethics) in every calendar
 * year. Cycles are set by the last digit of the agent's social security
 * number; this entry places the cycles of numbers ending in 0 to 3.
 */
import type { BodyData, RenewalRule } from '../types';

const EA_RULE: RenewalRule = {
  kind: 'credits',
  unit: 'CE',
  total: 72,
  cycleMonths: 36,
  cycleStart: 'fixed',
  periodEnd: '2027-12-31',
  firstCycle: 'prorated',
  annualMinimum: 16,
  annualYear: 'calendar',
  partialYear: 'prorated',
  categories: [{ id: 'ethics', label: 'Ethics or professional conduct', min: 2, per: 'year' }],
  activityCaps: [],
  rollover: null,
  afterExpiry: [
    {
      kind: 'grace',
      days: 90,
      creditsCount: false,
      note: 'The hours must be completed by 31 December; the renewal (Form 8554) is filed between 1 November and 31 January and the enrollment card stays valid until 31 March.',
    },
  ],
  fees: [],
};

export const IRS: BodyData = {
  body: 'IRS',
  source:
    'https://www.stayexempt.irs.gov/es/tax-professionals/maintain-your-enrolled-retirement-plan-agent-status',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    'The IRS page read states the 72 / 16 / 2 rule and the SSN-based cycles for enrolled retirement plan agents, who follow the same Circular 230 rule as enrolled agents; the enrolled-agent figures (cycles ending 2025, 2026, 2027 by SSN group, 2 hours a month for new agents) are from training providers and NAEA.',
  notes:
    'The three-year cycle depends on the last digit of the social security number: 0-3 ends 31 December 2027, 4-6 ended 2025 (next 2028), 7-9 ends 2026; set the cycle to match. A newly enrolled agent needs 2 hours for each month enrolled (a part month counts) until the cycle ends, with 2 ethics hours each year. Only IRS-approved providers count, and they report the hours; excess ethics hours do not count toward federal tax law. Keep records four years. A valid PTIN (renewed yearly) is also required. The renewal fee (Form 8554, paid on pay.gov) was not confirmed on an IRS page.',
  recommendable: false,
  renewal: EA_RULE,
  entries: [
    {
      id: 'irs-ea',
      name: 'EA',
      fullName: 'Enrolled Agent',
      aliases: ['IRS Enrolled Agent', 'IRS EA', 'Enrolled Agent (IRS)'],
      domains: ['accounting'],
      level: 3,
      nextSteps: [],
    },
  ],
};
