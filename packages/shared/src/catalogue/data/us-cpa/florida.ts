/** Florida CPA licence: the Florida Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const FLORIDA: BodyData = {
  body: 'Florida Board of Accountancy',
  source:
    'https://regulations.justia.com/states/florida/61/61h1/chapter-61h1-33/section-61h1-33-003',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "The extension windows (to 15 September with 8 more accounting and auditing hours, to 31 December with 16) were read in the board's 2020 emergency rule, which restates them; the current rule's text on them was not seen. Rule text read in a 2024 copy, not on the board's site.",
  notes:
    "Reestablishment periods run 1 July to 30 June of even years (2024-2026) and proof is reported by 31 July, before the biennial licence renewal on 31 December. A new licensee's first period runs from the certificate date to the third 30 June after it (a certificate of 10 May 2024 runs to 30 June 2026); the statewide period here exempts the short part before the first 30 June instead. The 8 or 16 extra hours of an extension are on top of what was missing. Published materials earn no credit; no carryover.",
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 80,
    cycleMonths: 24,
    cycleStart: 'fixed',
    periodEnd: '2026-06-30',
    firstCycle: 'exempt',
    firstCycleMinMonths: 12,
    annualMinimum: null,
    annualYear: null,
    categories: [
      { id: 'ethics', label: 'Florida board-approved ethics', min: 4, per: 'cycle' },
      { id: 'accounting-auditing', label: 'Accounting and auditing', min: 8, per: 'cycle' },
      { id: 'behavioral', label: 'Behavioral subjects', max: 20, per: 'cycle' },
    ],
    activityCaps: [],
    rollover: null,
    afterExpiry: [
      {
        kind: 'grace',
        days: 77,
        creditsCount: true,
        note: 'Automatic extension to 15 September, with 8 more hours of accounting and auditing on top of what was missing.',
      },
      {
        kind: 'grace',
        days: 107,
        creditsCount: true,
        note: 'A second automatic extension to 31 December, with 16 more hours of accounting and auditing.',
      },
    ],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-fl',
      name: 'CPA (Florida)',
      fullName: 'Certified Public Accountant (Florida)',
      aliases: ['Florida CPA', 'FL CPA', 'CPA Florida', 'CPA FL'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
