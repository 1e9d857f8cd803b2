/** Ohio CPA licence: the Accountancy Board of Ohio's CPE rules. */
import type { BodyData } from '../../types';

export const OHIO: BodyData = {
  body: 'Accountancy Board of Ohio',
  source: 'https://www.westerncpe.com/state-requirement/ohio/',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "All figures from CPE providers' copies of NASBA's summary; the board's rules were not read. Renewal groups are assigned by the board, so the period ending 31 December 2025 fits one group of three.",
  notes:
    "The three calendar years end on 31 December of the licensee's renewal year (three groups). A new CPA's first period is two calendar years, from 1 January of the year of the certificate, with 40 hours (a provider quoting the rule), which the figures cannot express. Licensees working on financial reporting or attest engagements need 24 hours in accounting or auditing, those on tax work 24 in tax, and others in public practice 75% in subjects of their work. Instruction counts three times its length, at most 90; live group study at most 8 credits a day.",
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 120,
    cycleMonths: 36,
    cycleStart: 'fixed',
    periodEnd: '2025-12-31',
    annualMinimum: 20,
    annualYear: 'calendar',
    categories: [
      {
        id: 'ethics',
        label: 'Board-approved ethics (professional standards and responsibilities)',
        min: 3,
        per: 'cycle',
      },
    ],
    activityCaps: [{ kind: 'instruction', label: 'Instruction', max: 90, per: 'cycle' }],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-oh',
      name: 'CPA (Ohio)',
      fullName: 'Certified Public Accountant (Ohio)',
      aliases: ['Ohio CPA', 'OH CPA', 'CPA Ohio', 'CPA OH'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
