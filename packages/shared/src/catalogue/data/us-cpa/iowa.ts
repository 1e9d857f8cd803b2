/** Iowa CPA licence: the Iowa Accountancy Examining Board's CPE rules. */
import type { BodyData } from '../../types';

export const IOWA: BodyData = {
  body: 'Iowa Accountancy Examining Board',
  source: 'https://www.westerncpe.com/state-requirement/iowa/',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "All figures from CPE providers' copies of NASBA's summary; the board's rules were not read. Self-study and instruction caps are given as 50% by some and as 60 hours by others (the same figure).",
  notes:
    'The licence renews every 30 June; at each renewal the three years ending the previous 31 December (or 30 June, the licensee declares which) must hold 120 hours and 4 of ethics. No yearly minimum is set, so the rule is recorded as three-year cycles of calendar years; the yearly rolling check is in these notes only. Licensees supervising compilations need 8 hours on financial statement presentation. Exams such as the CMA, CISA or CFP earn credit in the year passed.',
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
      { id: 'ethics', label: 'Ethics and rules of professional conduct', min: 4, per: 'cycle' },
      { id: 'non-technical', label: 'Non-technical subjects', max: 60, per: 'cycle' },
    ],
    activityCaps: [
      { kind: 'self-study', label: 'Self-study', max: 60, per: 'cycle' },
      { kind: 'instruction', label: 'Instruction', max: 60, per: 'cycle' },
      { kind: 'authorship', label: 'Authorship', max: 30, per: 'cycle' },
      { kind: 'exams', label: 'Certification exams', max: 60, per: 'cycle' },
      {
        kind: 'meal-meetings',
        label: 'Breakfast, lunch and dinner meetings',
        max: 30,
        per: 'cycle',
      },
    ],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-ia',
      name: 'CPA (Iowa)',
      fullName: 'Certified Public Accountant (Iowa)',
      aliases: ['Iowa CPA', 'IA CPA', 'CPA Iowa', 'CPA IA'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
