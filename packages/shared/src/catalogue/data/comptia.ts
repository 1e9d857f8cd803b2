/**
 * CompTIA: continuing-education units over three years, counted from the
 * date the certification was earned or last renewed. Some certifications
 * are good for life. Totals and the webinar and conference caps are from
 * CompTIA's "training and higher education" chart.
 */
import type { BodyData, Fee, RenewalRule } from '../types';

const CE_FEE_25: Fee = {
  kind: 'annual',
  amount: 25,
  currency: 'USD',
  due: 'cycle-anniversary',
  note: 'The continuing-education fee is charged per year of the three-year cycle (one, two or all three years may be paid at once) and must be paid before renewing; with several certifications only the highest one renewed is paid for.',
};

const CE_FEE_50: Fee = {
  kind: 'annual',
  amount: 50,
  currency: 'USD',
  due: 'cycle-anniversary',
  note: 'The continuing-education fee is charged per year of the three-year cycle (one, two or all three years may be paid at once) and must be paid before renewing; with several certifications only the highest one renewed is paid for.',
};

const CE20: RenewalRule = {
  kind: 'credits',
  unit: 'CEU',
  total: 20,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [
    { kind: 'webinar', label: 'Live webinars', max: 4, per: 'cycle' },
    { kind: 'conference', label: 'Conferences', max: 4, per: 'cycle' },
  ],
  rollover: null,
  afterExpiry: [],
  fees: [CE_FEE_25],
};

const CE20_NO_FEE: RenewalRule = {
  kind: 'credits',
  unit: 'CEU',
  total: 20,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [
    { kind: 'webinar', label: 'Live webinars', max: 4, per: 'cycle' },
    { kind: 'conference', label: 'Conferences', max: 4, per: 'cycle' },
  ],
  rollover: null,
  afterExpiry: [],
  fees: [],
};

const CE30: RenewalRule = {
  kind: 'credits',
  unit: 'CEU',
  total: 30,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [
    { kind: 'webinar', label: 'Live webinars', max: 6, per: 'cycle' },
    { kind: 'conference', label: 'Conferences', max: 6, per: 'cycle' },
  ],
  rollover: null,
  afterExpiry: [],
  fees: [CE_FEE_50],
};

const CE30_NO_FEE: RenewalRule = {
  kind: 'credits',
  unit: 'CEU',
  total: 30,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [
    { kind: 'webinar', label: 'Live webinars', max: 6, per: 'cycle' },
    { kind: 'conference', label: 'Conferences', max: 6, per: 'cycle' },
  ],
  rollover: null,
  afterExpiry: [],
  fees: [],
};

const CE50: RenewalRule = {
  kind: 'credits',
  unit: 'CEU',
  total: 50,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [
    { kind: 'webinar', label: 'Live webinars', max: 10, per: 'cycle' },
    { kind: 'conference', label: 'Conferences', max: 10, per: 'cycle' },
  ],
  rollover: null,
  afterExpiry: [],
  fees: [CE_FEE_50],
};

const CE60: RenewalRule = {
  kind: 'credits',
  unit: 'CEU',
  total: 60,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [
    { kind: 'webinar', label: 'Live webinars', max: 15, per: 'cycle' },
    { kind: 'conference', label: 'Conferences', max: 15, per: 'cycle' },
  ],
  rollover: null,
  afterExpiry: [],
  fees: [CE_FEE_50],
};

const CE75: RenewalRule = {
  kind: 'credits',
  unit: 'CEU',
  total: 75,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [
    { kind: 'webinar', label: 'Live webinars', max: 20, per: 'cycle' },
    { kind: 'conference', label: 'Conferences', max: 20, per: 'cycle' },
  ],
  rollover: null,
  afterExpiry: [],
  fees: [CE_FEE_50],
};

const CE75_NO_FEE: RenewalRule = {
  kind: 'credits',
  unit: 'CEU',
  total: 75,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [
    { kind: 'webinar', label: 'Live webinars', max: 20, per: 'cycle' },
    { kind: 'conference', label: 'Conferences', max: 20, per: 'cycle' },
  ],
  rollover: null,
  afterExpiry: [],
  fees: [],
};

const GOOD_FOR_LIFE: RenewalRule = {
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

const GOOD_FOR_LIFE_DOUBT =
  "Lifetime validity is from a training partner's 2021 summary of CompTIA's \"good for life\" list; CompTIA's own chart does not list it.";

export const COMPTIA: BodyData = {
  body: 'CompTIA',
  source:
    'https://www.comptia.org/en-us/resources/ce/choose/renewing-with-multiple-activities/training-and-higher-education/',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "CE fee amounts (US$25 a year for A+, US$50 a year for Network+, Security+ and the higher certifications) are from secondary summaries; CompTIA's help centre says the fee is yearly, due on the cycle's dates, without the amounts. Data+, DataSys+, CloudNetX and DataX fees were not found.",
  notes:
    'The three years run from the date the certification was earned or last renewed. One CEU per hour of training; at least half of a course must map to the exam objectives. Renewing a higher CompTIA certification renews the lower ones it covers, and passing the current exam (or a higher one) renews too. A yearly continuing-education fee is due on the anniversaries of the cycle and must be paid before renewing. An expired certification cannot be renewed: the current exam must be passed again. Certifications earned before 2011 and never renewed are good for life.',
  recommendable: true,
  renewal: CE50,
  entries: [
    {
      id: 'comptia-a-plus',
      name: 'A+',
      fullName: 'CompTIA A+',
      aliases: ['A plus', 'CompTIA A plus'],
      domains: ['it support', 'systems'],
      level: 1,
      nextSteps: ['comptia-network-plus', 'comptia-security-plus', 'comptia-linux-plus'],
      renewal: CE20,
    },
    {
      id: 'comptia-network-plus',
      name: 'Network+',
      fullName: 'CompTIA Network+',
      aliases: ['Network plus', 'Net+'],
      domains: ['networking'],
      level: 2,
      nextSteps: ['comptia-security-plus', 'cisco-ccna', 'comptia-cloudnetx'],
      renewal: CE30,
    },
    {
      id: 'comptia-security-plus',
      name: 'Security+',
      fullName: 'CompTIA Security+',
      aliases: ['Security plus', 'Sec+'],
      domains: ['security'],
      level: 2,
      nextSteps: ['comptia-cysa-plus', 'isc2-cissp', 'comptia-pentest-plus'],
      renewal: CE50,
    },
    {
      id: 'comptia-linux-plus',
      name: 'Linux+',
      fullName: 'CompTIA Linux+',
      aliases: ['Linux plus'],
      domains: ['systems'],
      level: 2,
      nextSteps: ['redhat-rhcsa', 'comptia-cloud-plus', 'lf-lfcs'],
      renewal: CE50,
    },
    {
      id: 'comptia-cloud-plus',
      name: 'Cloud+',
      fullName: 'CompTIA Cloud+',
      aliases: ['Cloud plus'],
      domains: ['cloud', 'systems'],
      level: 2,
      nextSteps: ['comptia-cloudnetx', 'aws-saa', 'isc2-ccsp'],
      renewal: CE50,
    },
    {
      id: 'comptia-cysa-plus',
      name: 'CySA+',
      fullName: 'CompTIA Cybersecurity Analyst',
      aliases: ['CySA plus', 'CompTIA CySA+', 'Cybersecurity Analyst+'],
      domains: ['incident response', 'security'],
      level: 3,
      nextSteps: ['comptia-securityx', 'giac-gcih', 'isc2-cissp'],
      renewal: CE60,
    },
    {
      id: 'comptia-pentest-plus',
      name: 'PenTest+',
      fullName: 'CompTIA PenTest+',
      aliases: ['PenTest plus'],
      domains: ['offensive security', 'security'],
      level: 3,
      nextSteps: ['giac-gpen', 'eccouncil-ceh', 'comptia-securityx'],
      renewal: CE60,
    },
    {
      id: 'comptia-securityx',
      name: 'SecurityX',
      fullName: 'CompTIA SecurityX',
      aliases: ['CASP+', 'CASP', 'CompTIA CASP+', 'CompTIA Advanced Security Practitioner'],
      domains: ['security', 'governance'],
      level: 4,
      nextSteps: ['isc2-cissp', 'isaca-cism'],
      renewal: CE75,
      notes: 'Formerly CASP+.',
    },
    {
      id: 'comptia-cloudnetx',
      name: 'CloudNetX',
      fullName: 'CompTIA CloudNetX',
      aliases: [],
      domains: ['cloud', 'networking'],
      level: 4,
      nextSteps: ['isc2-ccsp', 'aws-ans'],
      renewal: CE75_NO_FEE,
    },
    {
      id: 'comptia-data-plus',
      name: 'Data+',
      fullName: 'CompTIA Data+',
      aliases: ['Data plus'],
      domains: ['data'],
      level: 2,
      nextSteps: ['comptia-datasys-plus', 'comptia-datax', 'ms-pl-300'],
      renewal: CE20_NO_FEE,
    },
    {
      id: 'comptia-datasys-plus',
      name: 'DataSys+',
      fullName: 'CompTIA DataSys+',
      aliases: ['DataSys plus'],
      domains: ['data', 'systems'],
      level: 2,
      nextSteps: ['comptia-datax'],
      renewal: CE30_NO_FEE,
    },
    {
      id: 'comptia-datax',
      name: 'DataX',
      fullName: 'CompTIA DataX',
      aliases: [],
      domains: ['data'],
      level: 4,
      nextSteps: ['isaca-cdpse'],
      renewal: CE75_NO_FEE,
    },
    {
      id: 'comptia-tech-plus',
      name: 'Tech+',
      fullName: 'CompTIA Tech+',
      aliases: ['ITF+', 'IT Fundamentals+', 'CompTIA IT Fundamentals'],
      domains: ['it support'],
      level: 1,
      nextSteps: ['comptia-a-plus'],
      renewal: GOOD_FOR_LIFE,
      uncertain: true,
      uncertainNote:
        'Lifetime validity: CompTIA listed IT Fundamentals (ITF+) as good for life; Tech+, which replaced it, is assumed the same.',
    },
    {
      id: 'comptia-server-plus',
      name: 'Server+',
      fullName: 'CompTIA Server+',
      aliases: ['Server plus'],
      domains: ['systems'],
      level: 2,
      nextSteps: ['comptia-linux-plus', 'comptia-cloud-plus'],
      renewal: GOOD_FOR_LIFE,
      uncertain: true,
      uncertainNote: GOOD_FOR_LIFE_DOUBT,
    },
    {
      id: 'comptia-project-plus',
      name: 'Project+',
      fullName: 'CompTIA Project+',
      aliases: ['Project plus'],
      domains: ['project management'],
      level: 1,
      nextSteps: ['pmi-capm', 'pmi-pmp'],
      renewal: GOOD_FOR_LIFE,
      uncertain: true,
      uncertainNote: GOOD_FOR_LIFE_DOUBT,
    },
    {
      id: 'comptia-cloud-essentials',
      name: 'Cloud Essentials+',
      fullName: 'CompTIA Cloud Essentials+',
      aliases: ['Cloud Essentials', 'Cloud Essentials plus'],
      domains: ['cloud'],
      level: 1,
      nextSteps: ['comptia-cloud-plus', 'aws-clf'],
      renewal: GOOD_FOR_LIFE,
      uncertain: true,
      uncertainNote: GOOD_FOR_LIFE_DOUBT,
    },
  ],
};
