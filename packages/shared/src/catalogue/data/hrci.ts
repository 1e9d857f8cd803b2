/**
 * HRCI: recertification credits every three years (45 for the associate
 * credentials, 60 for the others), at least one ethics credit, and specified
 * credits for the senior, global and California credentials.
 */
import type { AfterExpiry, BodyData, RenewalRule } from '../types';

const HRCI_LATE: AfterExpiry = {
  kind: 'suspension',
  days: 365,
  creditsCount: true,
  note: 'The credential is expired; within a year of the end date it can be reinstated by completing the recertification.',
};

const ASSOCIATE: RenewalRule = {
  kind: 'credits',
  unit: 'CE',
  total: 45,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  categories: [{ id: 'ethics', label: 'Ethics', min: 1, per: 'cycle' }],
  activityCaps: [],
  rollover: null,
  afterExpiry: [HRCI_LATE],
  fees: [],
};

const PROFESSIONAL: RenewalRule = {
  kind: 'credits',
  unit: 'CE',
  total: 60,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  categories: [{ id: 'ethics', label: 'Ethics', min: 1, per: 'cycle' }],
  activityCaps: [],
  rollover: null,
  afterExpiry: [HRCI_LATE],
  fees: [],
};

const SENIOR: RenewalRule = {
  kind: 'credits',
  unit: 'CE',
  total: 60,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  categories: [
    { id: 'ethics', label: 'Ethics', min: 1, per: 'cycle' },
    { id: 'business', label: 'Business (leadership and strategy)', min: 15, per: 'cycle' },
  ],
  activityCaps: [],
  rollover: null,
  afterExpiry: [HRCI_LATE],
  fees: [],
};

const GLOBAL: RenewalRule = {
  kind: 'credits',
  unit: 'CE',
  total: 60,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  categories: [
    { id: 'ethics', label: 'Ethics', min: 1, per: 'cycle' },
    { id: 'global', label: 'Global HR management', min: 15, per: 'cycle' },
  ],
  activityCaps: [],
  rollover: null,
  afterExpiry: [HRCI_LATE],
  fees: [],
};

const CALIFORNIA: RenewalRule = {
  kind: 'credits',
  unit: 'CE',
  total: 60,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  categories: [
    { id: 'ethics', label: 'Ethics', min: 1, per: 'cycle' },
    { id: 'california', label: 'California-specific HR', min: 15, per: 'cycle' },
  ],
  activityCaps: [],
  rollover: null,
  afterExpiry: [HRCI_LATE],
  fees: [],
};

export const HRCI: BodyData = {
  body: 'HRCI',
  source: 'https://www.hrci.org/recertification/recertify-by-credit',
  checked: '2026-11',
  uncertain: false,
  uncertainNote: null,
  notes:
    'HRCI counts recertification credit hours, recorded here as CE. Recertifying by retaking the exam is also possible. Surplus credits may optionally carry over (HRCI states no figure). After expiry comes a 12-month suspended period in which the application can still be submitted, for an extra US$100 on top of the recertification fee (fee amount not confirmed).',
  recommendable: true,
  renewal: PROFESSIONAL,
  entries: [
    {
      id: 'hrci-aphr',
      name: 'aPHR',
      fullName: 'Associate Professional in Human Resources',
      aliases: ['HRCI aPHR'],
      domains: ['hr'],
      level: 1,
      nextSteps: ['hrci-phr', 'shrm-cp'],
      renewal: ASSOCIATE,
    },
    {
      id: 'hrci-aphri',
      name: 'aPHRi',
      fullName: 'Associate Professional in Human Resources - International',
      aliases: ['HRCI aPHRi'],
      domains: ['hr'],
      level: 1,
      nextSteps: ['hrci-phri'],
      renewal: ASSOCIATE,
    },
    {
      id: 'hrci-phr',
      name: 'PHR',
      fullName: 'Professional in Human Resources',
      aliases: ['HRCI PHR'],
      domains: ['hr'],
      level: 3,
      nextSteps: ['hrci-sphr', 'shrm-scp'],
      renewal: PROFESSIONAL,
    },
    {
      id: 'hrci-phri',
      name: 'PHRi',
      fullName: 'Professional in Human Resources - International',
      aliases: ['HRCI PHRi'],
      domains: ['hr'],
      level: 3,
      nextSteps: ['hrci-sphri', 'hrci-gphr'],
      renewal: PROFESSIONAL,
    },
    {
      id: 'hrci-phrca',
      name: 'PHRca',
      fullName: 'Professional in Human Resources - California',
      aliases: ['HRCI PHRca', 'PHR-CA'],
      domains: ['hr'],
      level: 3,
      nextSteps: ['hrci-sphr'],
      renewal: CALIFORNIA,
    },
    {
      id: 'hrci-sphr',
      name: 'SPHR',
      fullName: 'Senior Professional in Human Resources',
      aliases: ['HRCI SPHR'],
      domains: ['hr'],
      level: 4,
      nextSteps: ['hrci-gphr'],
      renewal: SENIOR,
    },
    {
      id: 'hrci-sphri',
      name: 'SPHRi',
      fullName: 'Senior Professional in Human Resources - International',
      aliases: ['HRCI SPHRi'],
      domains: ['hr'],
      level: 4,
      nextSteps: ['hrci-gphr'],
      renewal: SENIOR,
    },
    {
      id: 'hrci-gphr',
      name: 'GPHR',
      fullName: 'Global Professional in Human Resources',
      aliases: ['HRCI GPHR'],
      domains: ['hr'],
      level: 4,
      nextSteps: [],
      renewal: GLOBAL,
    },
  ],
};
