/** Montana CPA licence: the Montana Board of Public Accountants' CPE rules. */
import type { BodyData } from '../../types';

export const MONTANA: BodyData = {
  body: 'Montana Board of Public Accountants',
  source: 'https://www.westerncpe.com/state-requirement/montana/',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "All figures from CPE providers' copies of NASBA's summary; the board's rules were not read. Older summaries count the period from 1 July to 30 June.",
  notes:
    'The permit renews every 31 December and the three calendar years before must hold 120 hours (a rolling check); no yearly minimum is stated, so the rule is recorded as three-year cycles of calendar years. Report reviewers of the board earn at most 16 hours a year.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 120,
    cycleMonths: 36,
    cycleStart: 'year-end',
    annualMinimum: null,
    annualYear: 'calendar',
    categories: [
      { id: 'ethics', label: 'Ethics', min: 2, per: 'cycle' },
      { id: 'technical', label: 'Technical fields of study', min: 60, per: 'cycle' },
    ],
    activityCaps: [
      { kind: 'instruction', label: 'Instruction', max: 60, per: 'cycle' },
      { kind: 'authorship', label: 'Authorship', max: 30, per: 'cycle' },
      { kind: 'report-review', label: 'Report reviewer for the board', max: 16, per: 'year' },
    ],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-mt',
      name: 'CPA (Montana)',
      fullName: 'Certified Public Accountant (Montana)',
      aliases: ['Montana CPA', 'MT CPA', 'CPA Montana', 'CPA MT'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
