/**
 * Scrum Alliance: Scrum Education Units (SEUs) and a renewal fee every two
 * years, both set by the level of the highest certification renewed.
 */
import type { BodyData, RenewalRule } from '../types';

const FEE_NOTE =
  'One fee, set by the highest certification renewed, renews every Scrum Alliance certification held; certifications from other tracks add SEUs, not fees.';

const FOUNDATIONAL: RenewalRule = {
  kind: 'credits',
  unit: 'SEU',
  total: 20,
  cycleMonths: 24,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [],
  rollover: null,
  afterExpiry: [],
  fees: [{ kind: 'renewal', amount: 100, currency: 'USD', due: 'cycle-end', note: FEE_NOTE }],
};

const ADVANCED: RenewalRule = {
  kind: 'credits',
  unit: 'SEU',
  total: 30,
  cycleMonths: 24,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [],
  rollover: null,
  afterExpiry: [],
  fees: [{ kind: 'renewal', amount: 175, currency: 'USD', due: 'cycle-end', note: FEE_NOTE }],
};

const PROFESSIONAL: RenewalRule = {
  kind: 'credits',
  unit: 'SEU',
  total: 40,
  cycleMonths: 24,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [],
  rollover: null,
  afterExpiry: [],
  fees: [{ kind: 'renewal', amount: 250, currency: 'USD', due: 'cycle-end', note: FEE_NOTE }],
};

export const SCRUM_ALLIANCE: BodyData = {
  body: 'Scrum Alliance',
  source: 'https://certification.scrumalliance.org/renewal-requirements',
  checked: '2026-11',
  uncertain: false,
  uncertainNote: null,
  notes:
    "One SEU per hour of learning; PDUs and other continuing-education credits count as SEUs. The SEUs must be dated within the renewal period (Scrum Alliance's help centre now allows activities up to two and a half years before the current expiry date) and not used for an earlier renewal. Holding certifications from several tracks (ScrumMaster, Product Owner, Developer) adds their add-on SEUs to the highest one; one fee, set by the highest certification renewed, renews them all. Earning a new Scrum Alliance certification renews the current ones. A reminder comes 90 days before expiry; no window after expiry is published.",
  recommendable: true,
  renewal: FOUNDATIONAL,
  entries: [
    {
      id: 'scrum-csm',
      name: 'CSM',
      fullName: 'Certified ScrumMaster',
      aliases: ['Certified Scrum Master', 'Scrum Alliance CSM'],
      domains: ['agile', 'project management'],
      level: 2,
      nextSteps: ['scrum-a-csm', 'pmi-acp', 'scrum-cspo'],
    },
    {
      id: 'scrum-cspo',
      name: 'CSPO',
      fullName: 'Certified Scrum Product Owner',
      aliases: ['Scrum Alliance CSPO'],
      domains: ['agile', 'project management'],
      level: 2,
      nextSteps: ['scrum-a-cspo', 'scrum-csm'],
    },
    {
      id: 'scrum-csd',
      name: 'CSD',
      fullName: 'Certified Scrum Developer',
      aliases: ['Scrum Alliance CSD'],
      domains: ['agile', 'software security'],
      level: 2,
      nextSteps: ['scrum-csm'],
    },
    {
      id: 'scrum-a-csm',
      name: 'A-CSM',
      fullName: 'Advanced Certified ScrumMaster',
      aliases: ['Advanced CSM', 'Advanced Certified Scrum Master'],
      domains: ['agile', 'project management'],
      level: 3,
      nextSteps: ['scrum-csp-sm'],
      renewal: ADVANCED,
    },
    {
      id: 'scrum-a-cspo',
      name: 'A-CSPO',
      fullName: 'Advanced Certified Scrum Product Owner',
      aliases: ['Advanced CSPO'],
      domains: ['agile', 'project management'],
      level: 3,
      nextSteps: ['scrum-csp-po'],
      renewal: ADVANCED,
    },
    {
      id: 'scrum-csp-sm',
      name: 'CSP-SM',
      fullName: 'Certified Scrum Professional - ScrumMaster',
      aliases: ['Certified Scrum Professional ScrumMaster', 'CSP ScrumMaster'],
      domains: ['agile', 'project management'],
      level: 4,
      nextSteps: ['pmi-acp', 'scrum-csp-po'],
      renewal: PROFESSIONAL,
    },
    {
      id: 'scrum-csp-po',
      name: 'CSP-PO',
      fullName: 'Certified Scrum Professional - Product Owner',
      aliases: ['Certified Scrum Professional Product Owner', 'CSP Product Owner'],
      domains: ['agile', 'project management'],
      level: 4,
      nextSteps: ['scrum-csp-sm'],
      renewal: PROFESSIONAL,
    },
  ],
};
