/**
 * Salesforce: credentials are kept active by completing a free maintenance
 * module on Trailhead once a year; Associate-level credentials need none.
 */
import type { BodyData, RenewalRule } from '../types';

const MAINTENANCE: RenewalRule = {
  kind: 'assessment',
  unit: null,
  total: null,
  cycleMonths: 12,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [],
  rollover: null,
  afterExpiry: [],
  fees: [
    {
      kind: 'renewal',
      amount: 0,
      currency: 'USD',
      due: 'cycle-end',
      note: 'Trailhead maintenance modules are free.',
    },
  ],
};

const NO_MAINTENANCE: RenewalRule = {
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

export const SALESFORCE: BodyData = {
  body: 'Salesforce',
  source: 'https://www.salesforceking.com/?p=3183',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Cycle: one maintenance module a year (since Salesforce moved maintenance to Trailhead) is from practitioners' guides; Salesforce sets the yearly due date itself, so the date may differ from the anniversary recorded here.",
  notes:
    'Salesforce publishes maintenance modules with its releases and shows the deadline on the Trailhead profile (Credentials); related certifications often share one module, and Architect credentials share a combined one. A missed deadline expires the certification, which then has to be earned again by exam.',
  recommendable: true,
  renewal: MAINTENANCE,
  entries: [
    {
      id: 'sf-admin',
      name: 'Salesforce Administrator',
      fullName: 'Salesforce Certified Platform Administrator',
      aliases: ['Salesforce Certified Administrator', 'ADM-201', 'Salesforce Admin'],
      domains: ['cloud', 'systems'],
      level: 2,
      nextSteps: ['sf-advanced-admin', 'sf-app-builder', 'sf-sales-cloud'],
    },
    {
      id: 'sf-advanced-admin',
      name: 'Salesforce Advanced Administrator',
      fullName: 'Salesforce Certified Platform Administrator II',
      aliases: ['Salesforce Certified Advanced Administrator', 'Salesforce Advanced Admin'],
      domains: ['cloud', 'systems'],
      level: 3,
      nextSteps: ['sf-sales-cloud', 'sf-service-cloud'],
    },
    {
      id: 'sf-app-builder',
      name: 'Salesforce Platform App Builder',
      fullName: 'Salesforce Certified Platform App Builder',
      aliases: ['Salesforce App Builder'],
      domains: ['cloud', 'software security'],
      level: 2,
      nextSteps: ['sf-pd1'],
    },
    {
      id: 'sf-pd1',
      name: 'Salesforce Platform Developer I',
      fullName: 'Salesforce Certified Platform Developer I',
      aliases: ['Salesforce PD1', 'Salesforce Platform Developer 1'],
      domains: ['cloud', 'software security'],
      level: 3,
      nextSteps: ['sf-pd2'],
    },
    {
      id: 'sf-pd2',
      name: 'Salesforce Platform Developer II',
      fullName: 'Salesforce Certified Platform Developer II',
      aliases: ['Salesforce PD2', 'Salesforce Platform Developer 2'],
      domains: ['cloud', 'software security'],
      level: 4,
      nextSteps: [],
    },
    {
      id: 'sf-sales-cloud',
      name: 'Salesforce Sales Cloud Consultant',
      fullName: 'Salesforce Certified Sales Cloud Consultant',
      aliases: ['Sales Cloud Consultant'],
      domains: ['cloud', 'systems'],
      level: 3,
      nextSteps: ['sf-service-cloud'],
    },
    {
      id: 'sf-service-cloud',
      name: 'Salesforce Service Cloud Consultant',
      fullName: 'Salesforce Certified Service Cloud Consultant',
      aliases: ['Service Cloud Consultant'],
      domains: ['cloud', 'service management'],
      level: 3,
      nextSteps: ['sf-sales-cloud'],
    },
    {
      id: 'sf-associate',
      name: 'Salesforce Associate',
      fullName: 'Salesforce Certified Associate',
      aliases: [],
      domains: ['cloud'],
      level: 1,
      nextSteps: ['sf-admin'],
      renewal: NO_MAINTENANCE,
      notes: 'Associate-level credentials have no maintenance requirement.',
    },
    {
      id: 'sf-ai-associate',
      name: 'Salesforce AI Associate',
      fullName: 'Salesforce Certified AI Associate',
      aliases: [],
      domains: ['cloud', 'data'],
      level: 1,
      nextSteps: ['sf-admin'],
      renewal: NO_MAINTENANCE,
      notes: 'Associate-level credentials have no maintenance requirement.',
    },
  ],
};
