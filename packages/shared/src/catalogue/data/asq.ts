/**
 * ASQ: most of its certifications are renewed every three years with 18
 * recertification units (RUs) recorded in a recertification journal, or by
 * passing the exam again. Some are lifetime certifications.
 */
import type { BodyData, RenewalRule } from '../types';

const JOURNAL: RenewalRule = {
  kind: 'credits',
  unit: 'CEU',
  total: 18,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  increment: 0.1,
  categories: [],
  activityCaps: [],
  rollover: null,
  afterExpiry: [
    {
      kind: 'grace',
      days: 183,
      creditsCount: false,
      note: 'Six months after the expiration date to submit the journal and payment; units earned after the expiration date count toward the next cycle. After that, recertification is by exam only, within one year of the expiration date.',
    },
  ],
  fees: [],
};

const LIFETIME: RenewalRule = {
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

const LIFETIME_NOTE =
  'ASQ lists it among its lifetime certifications, with no recertification requirement.';

export const ASQ: BodyData = {
  body: 'ASQ',
  source: 'https://asq.org/cert/faq/faq-recertification',
  checked: '2026-11',
  uncertain: false,
  uncertainNote: null,
  notes:
    'ASQ calls its credit a recertification unit (RU), recorded here as CEU. RUs come from professional development, employment in the field (counted per month) and giving back; the 2024 rules removed the cap on professional development. Activities may start before certification but must be completed within the three-year period. Submitting early does not move the expiration date. Several ASQ certifications can be synchronised to one date. The recertification fee (members pay less) was not confirmed on an ASQ page.',
  recommendable: true,
  renewal: JOURNAL,
  entries: [
    {
      id: 'asq-cssbb',
      name: 'CSSBB',
      fullName: 'Certified Six Sigma Black Belt',
      aliases: ['ASQ CSSBB', 'ASQ Six Sigma Black Belt', 'SSBB'],
      domains: ['project management', 'data'],
      level: 4,
      nextSteps: ['asq-cmbb', 'asq-cmq-oe', 'pmi-pmp'],
    },
    {
      id: 'asq-cmbb',
      name: 'CMBB',
      fullName: 'Certified Master Black Belt',
      aliases: ['ASQ CMBB', 'ASQ Master Black Belt'],
      domains: ['project management', 'data'],
      level: 4,
      nextSteps: ['asq-cmq-oe'],
    },
    {
      id: 'asq-cssgb',
      name: 'CSSGB',
      fullName: 'Certified Six Sigma Green Belt',
      aliases: ['ASQ CSSGB', 'ASQ Green Belt'],
      domains: ['project management', 'data'],
      level: 3,
      nextSteps: ['asq-cssbb'],
      renewal: LIFETIME,
      notes: LIFETIME_NOTE,
    },
    {
      id: 'asq-cssyb',
      name: 'CSSYB',
      fullName: 'Certified Six Sigma Yellow Belt',
      aliases: ['ASQ CSSYB', 'ASQ Six Sigma Yellow Belt', 'SSYB'],
      domains: ['project management'],
      level: 1,
      nextSteps: ['asq-cssgb'],
      renewal: LIFETIME,
      notes: LIFETIME_NOTE,
    },
    {
      id: 'asq-cqia',
      name: 'CQIA',
      fullName: 'Certified Quality Improvement Associate',
      aliases: ['ASQ CQIA'],
      domains: ['governance', 'project management'],
      level: 1,
      nextSteps: ['asq-cqe', 'asq-cssgb'],
      renewal: LIFETIME,
      notes: LIFETIME_NOTE,
    },
    {
      id: 'asq-cqe',
      name: 'CQE',
      fullName: 'Certified Quality Engineer',
      aliases: ['ASQ CQE'],
      domains: ['governance', 'data'],
      level: 3,
      nextSteps: ['asq-cre', 'asq-cmq-oe', 'asq-cssbb'],
    },
    {
      id: 'asq-cqa',
      name: 'CQA',
      fullName: 'Certified Quality Auditor',
      aliases: ['ASQ CQA'],
      domains: ['audit', 'governance'],
      level: 3,
      nextSteps: ['asq-cmq-oe', 'pecb-iso9001-la'],
    },
    {
      id: 'asq-cmq-oe',
      name: 'CMQ/OE',
      fullName: 'Certified Manager of Quality/Organizational Excellence',
      aliases: ['ASQ CMQ/OE', 'CMQOE', 'CQM'],
      domains: ['governance', 'project management'],
      level: 4,
      nextSteps: [],
    },
    {
      id: 'asq-cre',
      name: 'CRE',
      fullName: 'Certified Reliability Engineer',
      aliases: ['ASQ CRE'],
      domains: ['risk', 'data'],
      level: 3,
      nextSteps: ['asq-cmq-oe'],
    },
    {
      id: 'asq-csqe',
      name: 'CSQE',
      fullName: 'Certified Software Quality Engineer',
      aliases: ['ASQ CSQE'],
      domains: ['software security', 'governance'],
      level: 3,
      nextSteps: ['asq-cmq-oe'],
    },
  ],
};
