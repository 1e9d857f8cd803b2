/** New Jersey CPA licence: the New Jersey State Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const NEW_JERSEY: BodyData = {
  body: 'New Jersey State Board of Accountancy',
  source: 'https://www.njcpa.org/learn/maintain-your-license/cpe-requirements',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Figures from the New Jersey Society of CPAs and CPE providers; the board's rules (N.J.A.C. 13:29-6) were not read. Technical hours: 60 in current summaries, 72 in older ones. Fee US$135 and the US$50 late penalty from CPE providers.",
  notes:
    'The three-year period runs 1 January to 31 December for every licensee at once (2024-2026) and the licence renews by 31 December of the last year. Licensees are exempt during their initial licensing period. The 4 hours of New Jersey law and ethics must be board-approved and taught in person (interactive). CPAs in public practice need 24 of the technical hours in accounting, auditing, review or compilation. No carry-forward.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 120,
    cycleMonths: 36,
    cycleStart: 'fixed',
    periodEnd: '2026-12-31',
    firstCycle: 'exempt',
    annualMinimum: 20,
    annualYear: 'calendar',
    categories: [
      { id: 'technical', label: 'Technical subjects', min: 60, per: 'cycle' },
      { id: 'ethics', label: 'New Jersey law and ethics', min: 4, per: 'cycle' },
    ],
    activityCaps: [
      { kind: 'instruction', label: 'Instruction', max: 60, per: 'cycle' },
      { kind: 'authorship', label: 'Authoring', max: 30, per: 'cycle' },
      { kind: 'reviewer', label: 'Technical or peer review', max: 60, per: 'cycle' },
    ],
    rollover: null,
    afterExpiry: [],
    fees: [
      {
        kind: 'renewal',
        amount: 135,
        currency: 'USD',
        due: 'cycle-end',
        late: { amount: 50, afterDays: 1 },
        note: 'Licence renewal every three years by 31 December (amount from a CPE provider).',
      },
    ],
  },
  entries: [
    {
      id: 'cpa-us-nj',
      name: 'CPA (New Jersey)',
      fullName: 'Certified Public Accountant (New Jersey)',
      aliases: ['New Jersey CPA', 'NJ CPA', 'CPA New Jersey', 'CPA NJ'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
