/** Nebraska CPA licence: the Nebraska Board of Public Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const NEBRASKA: BodyData = {
  body: 'Nebraska Board of Public Accountancy',
  source: 'https://nbpa.nebraska.gov/node/353',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Caps (personal development 16, self-study 40, authorship 16, instruction 40) from CPE providers' summaries. Permits expire 30 June of even years for CPAs born in odd years and odd years for those born in even years (a provider); the 2025 period end fits the first group.",
  notes:
    'The board asks 80 hours, 4 of them ethics, in the two calendar years before the renewal year, earned by 31 December and reported by 31 January; permits renew on 30 June. A permit issued after 1 July of the year before expiry needs 40 hours for its first renewal (the months-based prorating here only approximates this). The board recommends, without requiring, 40% in accounting and auditing for audit, review or compilation work.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 80,
    cycleMonths: 24,
    cycleStart: 'fixed',
    periodEnd: '2025-12-31',
    firstCycle: { units: 40, months: 18, count: 'started' },
    annualMinimum: null,
    annualYear: null,
    categories: [
      { id: 'ethics', label: 'Ethics', min: 4, per: 'cycle' },
      { id: 'personal-development', label: 'Personal development', max: 16, per: 'cycle' },
    ],
    activityCaps: [
      { kind: 'self-study', label: 'Self-study', max: 40, per: 'cycle' },
      { kind: 'authorship', label: 'Authorship', max: 16, per: 'cycle' },
      { kind: 'instruction', label: 'Instruction', max: 40, per: 'cycle' },
    ],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-ne',
      name: 'CPA (Nebraska)',
      fullName: 'Certified Public Accountant (Nebraska)',
      aliases: ['Nebraska CPA', 'NE CPA', 'CPA Nebraska', 'CPA NE'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
