/**
 * CIPD: professional membership is kept through an outputs-based CPD
 * commitment: at least three recorded learning reflections each calendar
 * year, with no required hours, and the yearly subscription.
 */
import type { BodyData, RenewalRule } from '../types';

const MEMBERSHIP: RenewalRule = {
  kind: 'none',
  unit: null,
  total: null,
  cycleMonths: null,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [],
  rollover: null,
  afterExpiry: [],
  fees: [],
};

export const CIPD: BodyData = {
  body: 'CIPD',
  source: 'https://www.cipd.org/uk/learning/cpd/policy/',
  checked: '2026-11',
  uncertain: false,
  uncertainNote: null,
  notes:
    'The royal charter ties the designatory letters to CPD. Members identify gaps in their competence, learn (planned or in the flow of work), and reflect on the impact at least three times each calendar year (January to December) in the My CPD Reflections tool; CIPD audits a random sample. CIPD counts no hours but suggests about 30 hours of planned learning a year. Retired members and those on long-term leave are exempt. The membership lapses if the yearly subscription is not paid; its amount was not recorded.',
  recommendable: true,
  renewal: MEMBERSHIP,
  entries: [
    {
      id: 'cipd-chartered-member',
      name: 'Chartered MCIPD',
      fullName: 'Chartered Member of the CIPD',
      aliases: ['MCIPD', 'CIPD Chartered Member'],
      domains: ['hr'],
      level: 3,
      nextSteps: ['cipd-chartered-fellow', 'shrm-scp'],
    },
    {
      id: 'cipd-chartered-fellow',
      name: 'Chartered FCIPD',
      fullName: 'Chartered Fellow of the CIPD',
      aliases: ['FCIPD', 'CIPD Chartered Fellow'],
      domains: ['hr'],
      level: 4,
      nextSteps: [],
    },
    {
      id: 'cipd-associate-member',
      name: 'Assoc CIPD',
      fullName: 'Associate Member of the CIPD',
      aliases: ['Associate CIPD', 'CIPD Associate Member'],
      domains: ['hr'],
      level: 2,
      nextSteps: ['cipd-chartered-member', 'shrm-cp', 'hrci-phr'],
    },
  ],
};
