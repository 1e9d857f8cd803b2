/**
 * HRCI: recertification credits every three years (45 for the associate
 * credentials, 60 for the others), at least one ethics credit, and specified
 * credits for the senior, global and California credentials.
 */
import type { AfterExpiry, BodyData, Fee, RenewalRule } from '../types';

const RECERTIFICATION_FEE: Fee = {
  kind: 'renewal',
  amount: 150,
  currency: 'USD',
  due: 'cycle-end',
  late: { amount: 250, afterDays: 1 },
  note: 'Paid with the recertification application: US$150 for one certification and US$50 for each additional one; US$100 more when submitted during the suspended year.',
};

const HRCI_LATE: AfterExpiry = {
  kind: 'suspension',
  days: 365,
  creditsCount: true,
  note: 'For a year after the cycle ends the credential is suspended: it may not be used, but recertification credit can still be earned and the application submitted (with the suspended fee). The time suspended counts against the next cycle, whose dates do not move.',
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
  fees: [RECERTIFICATION_FEE],
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
  fees: [RECERTIFICATION_FEE],
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
  fees: [RECERTIFICATION_FEE],
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
  fees: [RECERTIFICATION_FEE],
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
  fees: [RECERTIFICATION_FEE],
};

export const HRCI: BodyData = {
  body: 'HRCI',
  source: 'https://www.hrci.org/recertification/recertify-by-credit',
  checked: '2026-11',
  uncertain: false,
  uncertainNote: null,
  notes:
    'HRCI counts recertification credit hours, recorded here as CE. Recertifying by retaking the exam is also possible, before the cycle ends. Since 2021 surplus credits submitted with the application may optionally carry over (HRCI states no figure). After the cycle comes a 12-month suspended period in which credits can still be earned and the application submitted, for US$100 on top of the US$150 recertification fee (fees: hrci.org fees and deadlines page).',
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
