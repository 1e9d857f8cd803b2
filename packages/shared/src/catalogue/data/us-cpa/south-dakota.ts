/** South Dakota CPA licence: the South Dakota Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const SOUTH_DAKOTA: BodyData = {
  body: 'South Dakota Board of Accountancy',
  source: 'https://www.westerncpe.com/state-requirement/south-dakota/',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "All figures from CPE providers' copies of NASBA's summary; the board's rules (ARSD 20:75) were not read. Renewal is given as 31 July or 1 August.",
  notes:
    'The licence renews every year at the end of July; each renewal needs 20 hours in the year to 30 June and 120 in the three years to then. No ethics hours are required. Licensees in public accounting may count at most 24 behavioral or motivational hours in the three years; college teachers at most 60 for teaching; authorship at most half.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 20,
    cycleMonths: 12,
    cycleStart: 'fixed',
    periodEnd: '2026-06-30',
    annualMinimum: null,
    annualYear: 'fiscal',
    yearStartMonth: 7,
    rolling: { months: 36, total: 120 },
    categories: [],
    activityCaps: [],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-sd',
      name: 'CPA (South Dakota)',
      fullName: 'Certified Public Accountant (South Dakota)',
      aliases: ['South Dakota CPA', 'SD CPA', 'CPA South Dakota', 'CPA SD'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
