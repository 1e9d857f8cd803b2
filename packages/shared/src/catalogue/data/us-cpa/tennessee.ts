/** Tennessee CPA licence: the Tennessee State Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const TENNESSEE: BodyData = {
  body: 'Tennessee State Board of Accountancy',
  source: 'https://www.tennessee.gov/commerce/article/accountancy-continuing-education',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    'The renewal fee (US$110) and the 24-hour carryover are from the Tennessee Society of CPAs; the caps on instruction, authorship (50% each) and professional journals (20%) from CPE providers. The period ending 31 December 2026 fits even licence numbers.',
  notes:
    "Licences run two years: odd licence numbers renew on 31 December of odd years, even numbers of even years; the CPE period is the two calendar years ending then. The 2 ethics hours are a board-approved Tennessee course. Licensees doing attest work (compilations included) need 20 of the 40 technical hours in accounting and auditing; expert witnesses 20 in their field. Carried hours count toward the 80 only, not the yearly minimum or technical hours; after a new licensee's shortened first period of 40 hours at most 12 carry. Missing CPE brings penalty hours.",
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 80,
    cycleMonths: 24,
    cycleStart: 'fixed',
    periodEnd: '2026-12-31',
    firstCycle: 'prorated',
    annualMinimum: 20,
    annualYear: 'calendar',
    categories: [
      { id: 'technical', label: 'Technical subjects', min: 40, per: 'cycle' },
      { id: 'ethics', label: 'Board-approved Tennessee ethics', min: 2, per: 'cycle' },
    ],
    activityCaps: [
      { kind: 'instruction', label: 'Instruction', max: 40, per: 'cycle' },
      { kind: 'authorship', label: 'Published articles and books', max: 40, per: 'cycle' },
      { kind: 'journals', label: 'Professional journals with an exam', max: 16, per: 'cycle' },
    ],
    rollover: { max: 24, earnedInLastMonths: 24 },
    afterExpiry: [],
    fees: [
      {
        kind: 'renewal',
        amount: 110,
        currency: 'USD',
        due: 'cycle-end',
        note: 'Two-year licence renewal by 31 December (Tennessee Society of CPAs).',
      },
    ],
  },
  entries: [
    {
      id: 'cpa-us-tn',
      name: 'CPA (Tennessee)',
      fullName: 'Certified Public Accountant (Tennessee)',
      aliases: ['Tennessee CPA', 'TN CPA', 'CPA Tennessee', 'CPA TN'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
