/** Connecticut CPA licence: the Connecticut State Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const CONNECTICUT: BodyData = {
  body: 'Connecticut State Board of Accountancy',
  source: 'https://portal.ct.gov/dcp/continuing-education/cpa---continuing-education',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Caps on instruction (20), peer review (16) and technical meetings (10) from CPE providers' copies of NASBA's summary; the rest from the Department of Consumer Protection's page.",
  notes:
    'The CE year runs 1 July to 30 June and the licence renews by 31 December, six months later. No CE is required for the initial renewal. Up to 20 hours beyond the 40 carry into the next year (not toward accounting and auditing). Ethics: 4 hours every three years (state and national codes of conduct and licensing rules). Licensees performing or supervising attest or compilation work need 8 of the 40 in that area.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 40,
    cycleMonths: 12,
    cycleStart: 'fixed',
    periodEnd: '2026-06-30',
    firstCycle: 'exempt',
    annualMinimum: null,
    annualYear: 'fiscal',
    yearStartMonth: 7,
    categories: [],
    activityCaps: [
      { kind: 'instruction', label: 'Instruction of CPE programs', max: 20, per: 'cycle' },
      { kind: 'peer-review', label: 'Peer review', max: 16, per: 'cycle' },
      {
        kind: 'technical-meetings',
        label: 'Technical meetings and non-qualifying group programs',
        max: 10,
        per: 'cycle',
      },
    ],
    rollover: { max: 20, earnedInLastMonths: 12 },
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-ct',
      name: 'CPA (Connecticut)',
      fullName: 'Certified Public Accountant (Connecticut)',
      aliases: ['Connecticut CPA', 'CT CPA', 'CPA Connecticut', 'CPA CT'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
