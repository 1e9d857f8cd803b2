/** New Hampshire CPA licence: the New Hampshire Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const NEW_HAMPSHIRE: BodyData = {
  body: 'New Hampshire Board of Accountancy',
  source: 'https://www.westerncpe.com/state-requirement/new-hampshire/',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "All figures from CPE providers' summaries; the board's rules (Ac 400) were not read. Providers still describe the older three-year rule alongside the two-year licences issued since 22 February 2023.",
  notes:
    'Licences issued or renewed since 22 February 2023 expire two years after issue, on the last day of the issue month, and need 80 hours with 20 a year; earlier three-year licences (30 June by surname: A-F, G-M, N-Z) needed 120. Carried hours (40, or 60 for three-year licences) do not count toward the yearly minimum or ethics. New licensees in the old scheme owed nothing with less than a year left, 40 with one to two, 80 with two to three.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 80,
    cycleMonths: 24,
    cycleStart: 'month-end',
    annualMinimum: 20,
    annualYear: 'cycle',
    categories: [{ id: 'ethics', label: 'Ethics', min: 4, per: 'cycle' }],
    activityCaps: [
      { kind: 'instruction', label: 'Instruction', max: 40, per: 'cycle' },
      { kind: 'authorship', label: 'Authorship', max: 40, per: 'cycle' },
    ],
    rollover: { max: 40, earnedInLastMonths: 24 },
    afterExpiry: [],
    fees: [],
    since: '2023-02-22',
    earlier: [
      {
        before: '2023-02-22',
        rule: {
          total: 120,
          cycleMonths: 36,
          rollover: { max: 60, earnedInLastMonths: 36 },
          activityCaps: [
            { kind: 'instruction', label: 'Instruction', max: 60, per: 'cycle' },
            { kind: 'authorship', label: 'Authorship', max: 60, per: 'cycle' },
          ],
        },
        note: 'Three-year licences renewed before 22 February 2023 needed 120 hours with 20 a year; 60 hours could carry over.',
      },
    ],
  },
  entries: [
    {
      id: 'cpa-us-nh',
      name: 'CPA (New Hampshire)',
      fullName: 'Certified Public Accountant (New Hampshire)',
      aliases: ['New Hampshire CPA', 'NH CPA', 'CPA New Hampshire', 'CPA NH'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
