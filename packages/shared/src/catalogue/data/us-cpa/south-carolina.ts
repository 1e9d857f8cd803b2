/** South Carolina CPA licence: the South Carolina Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const SOUTH_CAROLINA: BodyData = {
  body: 'South Carolina Board of Accountancy',
  source: 'https://nasbaregistry.org/cpe-requirements/south-carolina',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Ethics: NASBA's 2025 summary asks 2 hours a year; the board's Regulation 1-08 as quoted on its own (older) page asks 6 hours every three years, 2 of them on South Carolina rules. The 2 a year are recorded. The same page caps self-study at 20 hours and a day at 10 hours; NASBA's summary says 12 a day and no self-study cap (none recorded).",
  notes:
    'The licence renews every 31 January for the calendar year before. Up to 20 hours carry into the next year (not personal development beyond its cap). Credit counts in 0.2 hours after the first hour.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 40,
    cycleMonths: 12,
    cycleStart: 'year-end',
    annualMinimum: null,
    annualYear: 'calendar',
    increment: 0.2,
    categories: [
      { id: 'ethics', label: 'Ethics', min: 2, per: 'cycle' },
      { id: 'personal-development', label: 'Personal development', max: 8, per: 'cycle' },
    ],
    activityCaps: [
      { kind: 'authorship', label: 'Published materials', max: 10, per: 'cycle' },
      { kind: 'technical-meetings', label: 'Technical meetings', max: 16, per: 'cycle' },
      { kind: 'peer-review', label: 'Peer review', max: 16, per: 'cycle' },
      {
        kind: 'college-instruction',
        label: 'University or college instruction',
        max: 10,
        per: 'cycle',
      },
      { kind: 'nano-learning', label: 'Nano-learning', max: 4, per: 'cycle' },
    ],
    rollover: { max: 20, earnedInLastMonths: 12 },
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-sc',
      name: 'CPA (South Carolina)',
      fullName: 'Certified Public Accountant (South Carolina)',
      aliases: ['South Carolina CPA', 'SC CPA', 'CPA South Carolina', 'CPA SC'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
