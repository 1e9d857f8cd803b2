/** Michigan CPA licence: the Michigan Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const MICHIGAN: BodyData = {
  body: 'Michigan Board of Accountancy',
  source: 'https://instalawyer.io/laws/michigan-compiled-laws/section-339729-license-renewal',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Instruction and self-study caps (20 a year each) from CPE providers' summaries. Since April 2020 licences expire on 31 July two years after issue, in odd or even years by issue date; the statewide period ending 30 June of odd years fits licences on the older odd-year schedule only.",
  notes:
    "The statute (MCL 339.729) asks 40 hours in each CE year, counted 1 July to 30 June, including 8 of accounting and auditing and 2 of ethics, and 1 hour on Michigan statutes and rules in each two-year licence cycle. CE must be earned by 30 June; the licence is renewed in July (late renewal to 30 September costs a US$20 late fee, per the Michigan Association of CPAs). No CE is due for the first 12 months after the original licence. Up to 40 hours beyond a year's 40 carry into the next year only (at most 8 of accounting and auditing and 2 of ethics); carrying within the two years is not expressed by the figures. A shortfall is made up with 4 penalty hours for each month needed.",
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 80,
    cycleMonths: 24,
    cycleStart: 'fixed',
    periodEnd: '2025-06-30',
    firstCycle: 'prorated',
    annualMinimum: 40,
    yearCarryover: 40,
    annualYear: 'fiscal',
    yearStartMonth: 7,
    partialYear: 'exempt',
    categories: [
      { id: 'ethics', label: 'Ethics', min: 2, per: 'year', aliases: ['ethics-yearly'] },
      {
        id: 'michigan-ethics',
        label: 'Michigan statutes and rules',
        min: 1,
        per: 'cycle',
        parent: 'ethics',
      },
      { id: 'accounting-auditing', label: 'Accounting and auditing', min: 8, per: 'year' },
    ],
    activityCaps: [
      { kind: 'instruction', label: 'Instruction', max: 20, per: 'year' },
      { kind: 'self-study', label: 'Self-study', max: 20, per: 'year' },
    ],
    rollover: { max: 40, earnedInLastMonths: 12, intoFirstYear: true },
    afterExpiry: [
      {
        kind: 'grace',
        days: 31,
        creditsCount: false,
        note: 'The licence stays valid to 31 July while it is renewed; CE had to be earned by 30 June.',
      },
    ],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-mi',
      name: 'CPA (Michigan)',
      fullName: 'Certified Public Accountant (Michigan)',
      aliases: ['Michigan CPA', 'MI CPA', 'CPA Michigan', 'CPA MI'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
