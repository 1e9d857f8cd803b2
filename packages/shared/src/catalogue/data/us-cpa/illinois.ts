/** Illinois CPA licence: the Illinois Department of Financial and Professional Regulation's CPE rules. */
import type { BodyData } from '../../types';

export const ILLINOIS: BodyData = {
  body: 'Illinois Department of Financial and Professional Regulation',
  source: 'https://www.icpas.org/advocacy/licensing-status/cpe-requirements',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Caps on instruction (60), authorship (30), personal development (24) and non-verifiable CPE (60) from CPE providers' copies of NASBA's summary; the self-study caps from the rule (68 Ill. Adm. Code 1420.70); the rest from the Illinois CPA Society. One provider adds an implicit bias training requirement that no other source mentions (not recorded).",
  notes:
    'The three-year period runs 1 October to 30 September for every licensee at once (renewals 30 September 2024, 2027). The first renewal needs no CPE, however long the first period. The sexual harassment prevention hour counts toward the 120. Non-interactive self-study earns half credit and counts for at most 60 hours. Keep records six years. Late renewal costs US$50 plus lapsed fees (a provider).',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 120,
    cycleMonths: 36,
    cycleStart: 'fixed',
    periodEnd: '2027-09-30',
    firstCycle: 'exempt',
    annualMinimum: null,
    annualYear: null,
    categories: [
      { id: 'ethics', label: 'Professional ethics', min: 4, per: 'cycle' },
      {
        id: 'harassment-prevention',
        label: 'Sexual harassment prevention training',
        min: 1,
        per: 'cycle',
      },
      { id: 'personal-development', label: 'Personal development', max: 24, per: 'cycle' },
    ],
    activityCaps: [
      { kind: 'instruction', label: 'Instruction', max: 60, per: 'cycle' },
      { kind: 'self-study', label: 'Self-study', max: 80, per: 'cycle' },
      {
        kind: 'non-interactive-self-study',
        label: 'Non-interactive self-study',
        max: 60,
        per: 'cycle',
      },
      { kind: 'authorship', label: 'Published materials', max: 30, per: 'cycle' },
      { kind: 'non-verifiable', label: 'Non-verifiable CPE', max: 60, per: 'cycle' },
    ],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-il',
      name: 'CPA (Illinois)',
      fullName: 'Certified Public Accountant (Illinois)',
      aliases: ['Illinois CPA', 'IL CPA', 'CPA Illinois', 'CPA IL'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
