/** Arkansas CPA licence: the Arkansas State Board of Public Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const ARKANSAS: BodyData = {
  body: 'Arkansas State Board of Public Accountancy',
  source: 'https://www.nasbaregistry.org/cpe-requirements/arkansas',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Self-study, independent study and authorship: NASBA's 2025 summary caps them at 80% of the hours (32), older summaries and the Arkansas Society of CPAs at 60% (24); the 80% is recorded. The statute (Ark. Code 17-12-502) gives the 40 and 120 hours; the other figures are from NASBA's summary.",
  notes:
    "The licence renews every 1 January; the CPE year is the calendar year. The statute accepts instead 120 hours in the 36 months before expiry, so a short year can be covered by the three-year total (the engine checks only the year). Ethics: 4 hours in the 36 months before expiry, one of them on the Arkansas board's laws and rules (a free course on the board's site); new licensees start with their first full calendar year. Licensees in public practice need 40% of their hours in accounting, attest, accounting ethics or tax (20% recorded, for everyone else); those doing attest or compilation need 8 of the 40 in accounting and attest.",
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 40,
    cycleMonths: 12,
    cycleStart: 'year-end',
    // New licensees start with their first full calendar year: the year of licensure asks nothing.
    firstCycleExemptAfter: '01-01',
    annualMinimum: null,
    annualYear: 'calendar',
    categories: [
      {
        id: 'technical',
        label: 'Accounting, attest, accounting ethics or tax',
        min: 8,
        per: 'cycle',
      },
    ],
    activityCaps: [
      {
        kind: 'self-study-authorship',
        label: 'Self-study, independent study and authorship',
        max: 32,
        per: 'cycle',
      },
    ],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-ar',
      name: 'CPA (Arkansas)',
      fullName: 'Certified Public Accountant (Arkansas)',
      aliases: ['Arkansas CPA', 'AR CPA', 'CPA Arkansas', 'CPA AR'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
