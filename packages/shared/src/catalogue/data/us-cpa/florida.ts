/** Florida CPA licence: the Florida Board of Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const FLORIDA: BodyData = {
  body: 'Florida Board of Accountancy',
  source: 'https://www.nasbaregistry.org/cpe-requirements/florida',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Accounting and auditing minimum: most summaries say 8 hours, one says 20. Figures from NASBA's summary of the board's rules and CPE providers' state pages; the board's own rules were not read.",
  notes:
    'The reporting period runs from 1 July to 30 June of even years, for every licensee at once. Missing hours may be made up by 15 September with 8 extra accounting and auditing hours (by 31 December with 16). Published materials earn no credit.',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 80,
    cycleMonths: 24,
    annualMinimum: null,
    annualYear: null,
    categories: [
      { id: 'ethics', label: 'Florida board-approved ethics', min: 4, per: 'cycle' },
      { id: 'accounting-auditing', label: 'Accounting and auditing', min: 8, per: 'cycle' },
      { id: 'behavioral', label: 'Behavioral subjects', max: 20, per: 'cycle' },
    ],
    activityCaps: [],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-fl',
      name: 'CPA (Florida)',
      fullName: 'Certified Public Accountant (Florida)',
      aliases: ['Florida CPA', 'FL CPA', 'CPA Florida', 'CPA FL'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
