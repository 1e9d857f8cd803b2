/**
 * SHRM: 60 professional development credits (PDCs) every three years, or a
 * retaken exam. The period ends on the last day of a month; 60 days of
 * grace follow, with a late fee.
 */
import type { BodyData } from '../types';

export const SHRM: BodyData = {
  body: 'SHRM',
  source: 'https://flipbooks.shrm.org/view/831074304/11',
  checked: '2026-11',
  uncertain: false,
  uncertainNote: null,
  notes:
    "SHRM's recertification handbook (2025) and FAQ: the first period starts on the day the exam is passed and ends three years later on the last day of the holder's birth month, which the catalogue cannot know: it places the end at the end of the month of certification, so correct the stored end date to the one in the SHRM portal. The record may be submitted one year into the period; recertifying early starts the next period the day after, with the same end month. Up to 20 PDCs beyond the 60 carry over (SHRM counts those of Advance Your Education) and arrive as Advance Your Education. PDCs earned in the 60-day grace period count, with the late fee. Advance Your Organization counts for at most 20 PDCs and Advance Your Profession for at most 30. A hardship extension of up to 12 months can be requested.",
  recommendable: true,
  renewal: {
    kind: 'credits',
    unit: 'PDC',
    total: 60,
    cycleMonths: 36,
    cycleStart: 'month-end',
    annualMinimum: null,
    annualYear: null,
    categories: [
      {
        id: 'advance-your-organization',
        label: 'Advance Your Organization',
        max: 20,
        per: 'cycle',
      },
      { id: 'advance-your-profession', label: 'Advance Your Profession', max: 30, per: 'cycle' },
    ],
    activityCaps: [],
    rollover: { max: 20, earnedInLastMonths: 36 },
    afterExpiry: [
      {
        kind: 'grace',
        days: 60,
        creditsCount: true,
        note: 'The 60 days between the end date and the expiration date: the certification is still held, PDCs earned then count, and the record may still be submitted with the late fee. After it the certification is revoked.',
      },
    ],
    fees: [
      {
        kind: 'renewal',
        amount: 210,
        memberAmount: 165,
        currency: 'USD',
        due: 'cycle-end',
        late: { amount: 285, memberAmount: 240, afterDays: 1 },
        note: 'The recertification processing fee: US$165 for SHRM members, US$210 for non-members; US$240 and US$285 for records submitted in the 60-day grace period. Retired status costs a one-time US$200.',
      },
    ],
  },
  entries: [
    {
      id: 'shrm-cp',
      name: 'SHRM-CP',
      fullName: 'SHRM Certified Professional',
      aliases: ['SHRM CP'],
      domains: ['hr'],
      level: 3,
      nextSteps: ['shrm-scp', 'hrci-phr'],
    },
    {
      id: 'shrm-scp',
      name: 'SHRM-SCP',
      fullName: 'SHRM Senior Certified Professional',
      aliases: ['SHRM SCP'],
      domains: ['hr'],
      level: 4,
      nextSteps: ['hrci-sphr', 'hrci-gphr'],
    },
  ],
};
