/** Utah CPA licence: the Utah Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const UTAH: BodyData = {
  body: 'Utah Board of Accountancy',
  source: 'https://my-cpe.com/continuing-education-requirements/utah-cpa',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "All figures from CPE providers' summaries; the board's rules were not read. The renewal fee (US$63) and the exempt first renewal are from one provider.",
  notes:
    'The two calendar years end on 31 December of even years, when the licence renews (since the 2017-2018 change; before, renewal was 30 September). Ethics: 1 hour on the Utah CPA Licensing Act and Rule and 3 on the AICPA code, case studies, ethical dilemmas or business ethics. Up to 40 hours carry forward as general hours. No CPE for the first renewal after initial licensure.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 80,
    cycleMonths: 24,
    cycleStart: 'fixed',
    periodEnd: '2026-12-31',
    firstCycle: 'exempt',
    annualMinimum: null,
    annualYear: null,
    categories: [
      { id: 'ethics', label: 'Ethics', min: 4, per: 'cycle' },
      {
        id: 'utah-rules',
        label: 'Utah CPA Licensing Act and Rule',
        min: 1,
        per: 'cycle',
        parent: 'ethics',
      },
    ],
    activityCaps: [
      { kind: 'instruction', label: 'Instruction', max: 40, per: 'cycle' },
      { kind: 'authorship', label: 'Published materials', max: 20, per: 'cycle' },
    ],
    rollover: { max: 40, earnedInLastMonths: 24 },
    afterExpiry: [],
    fees: [
      {
        kind: 'renewal',
        amount: 63,
        currency: 'USD',
        due: 'cycle-end',
        note: 'Two-year licence renewal by 31 December of even years (amount from a CPE provider).',
      },
    ],
  },
  entries: [
    {
      id: 'cpa-us-ut',
      name: 'CPA (Utah)',
      fullName: 'Certified Public Accountant (Utah)',
      aliases: ['Utah CPA', 'UT CPA', 'CPA Utah', 'CPA UT'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
