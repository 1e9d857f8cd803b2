/**
 * PMI: professional development units (PDUs) over three years, split into
 * Education (aligned to the PMI Talent Triangle) and Giving Back.
 */
import type { BodyData, RenewalRule } from '../types';

const PDU60: RenewalRule = {
  kind: 'credits',
  unit: 'PDU',
  total: 60,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  categories: [
    { id: 'education', label: 'Education', min: 35, per: 'cycle' },
    { id: 'ways-of-working', label: 'Education: Ways of Working', min: 8, per: 'cycle' },
    { id: 'power-skills', label: 'Education: Power Skills', min: 8, per: 'cycle' },
    { id: 'business-acumen', label: 'Education: Business Acumen', min: 8, per: 'cycle' },
    { id: 'giving-back', label: 'Giving Back', max: 25, per: 'cycle' },
  ],
  activityCaps: [
    {
      kind: 'work-as-practitioner',
      label: 'Giving Back: working as a professional',
      max: 8,
      per: 'cycle',
    },
  ],
  rollover: null,
  afterExpiry: [],
  fees: [],
};

const PDU30: RenewalRule = {
  kind: 'credits',
  unit: 'PDU',
  total: 30,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  categories: [
    { id: 'education', label: 'Education', min: 18, per: 'cycle' },
    { id: 'ways-of-working', label: 'Education: Ways of Working', min: 4, per: 'cycle' },
    { id: 'power-skills', label: 'Education: Power Skills', min: 4, per: 'cycle' },
    { id: 'business-acumen', label: 'Education: Business Acumen', min: 4, per: 'cycle' },
    { id: 'giving-back', label: 'Giving Back', max: 12, per: 'cycle' },
  ],
  activityCaps: [],
  rollover: null,
  afterExpiry: [],
  fees: [],
};

const PDU15: RenewalRule = {
  kind: 'credits',
  unit: 'PDU',
  total: 15,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  categories: [
    { id: 'education', label: 'Education', min: 9, per: 'cycle' },
    { id: 'giving-back', label: 'Giving Back', max: 6, per: 'cycle' },
  ],
  activityCaps: [],
  rollover: null,
  afterExpiry: [],
  fees: [],
};

const TRIANGLE_30_DOUBT =
  'Talent Triangle minimums of 4 PDUs per area for 30-PDU certifications are from second-hand summaries of the CCR Handbook.';

export const PMI: BodyData = {
  body: 'PMI',
  source: 'https://www.pmi.org/certifications/certification-resources/maintain',
  checked: '2026-11',
  uncertain: false,
  uncertainNote: null,
  notes:
    'One PDU per hour of learning, teaching or volunteering. Education PDUs must fit the Talent Triangle (Ways of Working, Power Skills, Business Acumen). PDUs may count for several PMI certifications, but each certification has its own renewal fee, paid when renewing (members pay less).',
  recommendable: true,
  renewal: PDU60,
  entries: [
    {
      id: 'pmi-pmp',
      name: 'PMP',
      fullName: 'Project Management Professional',
      aliases: ['PMI PMP'],
      domains: ['project management'],
      level: 3,
      nextSteps: ['pmi-pgmp', 'pmi-acp', 'pmi-rmp'],
    },
    {
      id: 'pmi-pgmp',
      name: 'PgMP',
      fullName: 'Program Management Professional',
      aliases: ['PMI PgMP'],
      domains: ['project management'],
      level: 4,
      nextSteps: ['pmi-pfmp'],
    },
    {
      id: 'pmi-pfmp',
      name: 'PfMP',
      fullName: 'Portfolio Management Professional',
      aliases: ['PMI PfMP'],
      domains: ['project management', 'governance'],
      level: 4,
      nextSteps: ['isaca-cgeit'],
    },
    {
      id: 'pmi-pba',
      name: 'PMI-PBA',
      fullName: 'PMI Professional in Business Analysis',
      aliases: ['PBA'],
      domains: ['project management', 'data'],
      level: 3,
      nextSteps: ['pmi-pmp'],
    },
    {
      id: 'pmi-acp',
      name: 'PMI-ACP',
      fullName: 'PMI Agile Certified Practitioner',
      aliases: ['ACP'],
      domains: ['agile', 'project management'],
      level: 3,
      nextSteps: ['pmi-pmp', 'scrum-csp-sm', 'pmi-pgmp'],
      renewal: PDU30,
      uncertain: true,
      uncertainNote: TRIANGLE_30_DOUBT,
    },
    {
      id: 'pmi-rmp',
      name: 'PMI-RMP',
      fullName: 'PMI Risk Management Professional',
      aliases: ['RMP'],
      domains: ['project management', 'risk'],
      level: 3,
      nextSteps: ['isaca-crisc', 'pmi-pmp'],
      renewal: PDU30,
      uncertain: true,
      uncertainNote: TRIANGLE_30_DOUBT,
    },
    {
      id: 'pmi-sp',
      name: 'PMI-SP',
      fullName: 'PMI Scheduling Professional',
      aliases: [],
      domains: ['project management'],
      level: 3,
      nextSteps: ['pmi-pmp'],
      renewal: PDU30,
      uncertain: true,
      uncertainNote: TRIANGLE_30_DOUBT,
    },
    {
      id: 'pmi-capm',
      name: 'CAPM',
      fullName: 'Certified Associate in Project Management',
      aliases: ['PMI CAPM'],
      domains: ['project management'],
      level: 1,
      nextSteps: ['pmi-pmp', 'pmi-acp'],
      renewal: PDU15,
      notes: 'The Talent Triangle split of the 9 Education PDUs was not found.',
      uncertain: true,
      uncertainNote:
        'Older pages say the CAPM lasts 5 years and is renewed by retaking the exam; current summaries say 15 PDUs every 3 years.',
    },
    {
      id: 'pmi-cp',
      name: 'PMI-CP',
      fullName: 'PMI Construction Professional in Built Environment Projects',
      aliases: ['PMI Construction Professional'],
      domains: ['project management'],
      level: 3,
      nextSteps: ['pmi-pmp'],
      renewal: PDU30,
      uncertain: true,
      uncertainNote:
        'A newer PMI certification: 30 PDUs every 3 years is assumed from the other 30-PDU certifications.',
    },
  ],
};
