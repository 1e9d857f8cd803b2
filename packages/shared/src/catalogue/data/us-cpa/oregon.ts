/** Oregon CPA licence: the Oregon Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const OREGON: BodyData = {
  body: 'Oregon Board of Accountancy',
  source: 'https://www.westerncpe.com/state-requirement/oregon/',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "All figures from CPE providers' copies of NASBA's summary; the board's rules were not read. The 24 hours a year are counted by calendar year in one summary and by year of the period in others (recorded by year of the July-June period). The 20-hour carryforward is from one provider only. The period ending 30 June 2026 fits even licence numbers.",
  notes:
    'Licences renew every two years on 30 June, odd licence numbers in odd years and even in even; the CPE period runs from 1 July two years before. For the first renewal the 4 ethics hours must be a board-registered program on Oregon statutes and rules, the board code of conduct and case law; later any ethics program counts. Licensees on the municipal roster need 24 hours in governmental subjects.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 80,
    cycleMonths: 24,
    cycleStart: 'fixed',
    periodEnd: '2026-06-30',
    annualMinimum: 24,
    annualYear: 'fiscal',
    yearStartMonth: 7,
    categories: [
      { id: 'ethics', label: 'Professional conduct and ethics', min: 4, per: 'cycle' },
      { id: 'non-technical', label: 'Non-technical subjects', max: 16, per: 'cycle' },
    ],
    activityCaps: [
      {
        kind: 'instruction-authorship',
        label: 'Instruction and authorship',
        max: 40,
        per: 'cycle',
      },
      { kind: 'nano-learning', label: 'Nano-learning', max: 8, per: 'cycle' },
    ],
    rollover: { max: 20, earnedInLastMonths: 24 },
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-or',
      name: 'CPA (Oregon)',
      fullName: 'Certified Public Accountant (Oregon)',
      aliases: ['Oregon CPA', 'OR CPA', 'CPA Oregon', 'CPA OR'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
