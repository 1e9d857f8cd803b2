/**
 * PMI: professional development units (PDUs) over three years from the exam
 * date, split into Education (the sum of the three sides of the PMI Talent
 * Triangle, each with its own minimum) and Giving Back (capped). A renewal
 * fee per certification; a year of suspension after the cycle ends.
 */
import type { AfterExpiry, BodyData, EarlierRule, Fee, RenewalRule } from '../types';

const SUSPENSION: AfterExpiry = {
  kind: 'suspension',
  days: 365,
  creditsCount: true,
  note: 'A certification not renewed by the end of its cycle is suspended for one year: it may not be used, but earning and reporting the missing PDUs and paying the fee within the year reinstates it (the next cycle still starts the day after the old one ended). After the year it expires and the exam must be passed again.',
};

const RENEWAL_FEE: Fee = {
  kind: 'renewal',
  amount: 150,
  memberAmount: 60,
  currency: 'USD',
  due: 'cycle-end',
  note: 'Paid once the PDUs are reported, any time in the cycle or during the suspension year: US$60 for PMI members, US$150 for non-members, per certification renewed.',
};

const TRIANGLE_NOTE =
  'PMI renamed the sides of the Talent Triangle in spring 2022 (Technical Project Management became Ways of Working, Leadership became Power Skills, Strategic and Business Management became Business Acumen) without changing the minimums; PDUs claimed under the old names count under the new ones.';

const PDU60_2015: EarlierRule = {
  before: '2022-04-01',
  rule: {
    categories: [
      { id: 'education', label: 'Education', min: 35, per: 'cycle' },
      {
        id: 'technical-project-management',
        label: 'Education: Technical Project Management',
        min: 8,
        per: 'cycle',
        parent: 'education',
        aliases: ['ways-of-working', 'technical'],
      },
      {
        id: 'leadership',
        label: 'Education: Leadership',
        min: 8,
        per: 'cycle',
        parent: 'education',
        aliases: ['power-skills'],
      },
      {
        id: 'strategic-business-management',
        label: 'Education: Strategic and Business Management',
        min: 8,
        per: 'cycle',
        parent: 'education',
        aliases: ['business-acumen', 'strategic'],
      },
      { id: 'giving-back', label: 'Giving Back', max: 25, per: 'cycle' },
    ],
  },
  note: TRIANGLE_NOTE,
};

const PDU60: RenewalRule = {
  kind: 'credits',
  unit: 'PDU',
  total: 60,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  increment: 0.25,
  categories: [
    { id: 'education', label: 'Education', min: 35, per: 'cycle' },
    {
      id: 'ways-of-working',
      label: 'Education: Ways of Working',
      min: 8,
      per: 'cycle',
      parent: 'education',
      aliases: ['technical-project-management', 'technical'],
    },
    {
      id: 'power-skills',
      label: 'Education: Power Skills',
      min: 8,
      per: 'cycle',
      parent: 'education',
      aliases: ['leadership'],
    },
    {
      id: 'business-acumen',
      label: 'Education: Business Acumen',
      min: 8,
      per: 'cycle',
      parent: 'education',
      aliases: ['strategic-business-management', 'strategic'],
    },
    { id: 'giving-back', label: 'Giving Back', max: 25, per: 'cycle' },
  ],
  activityCaps: [
    {
      kind: 'work-as-practitioner',
      label: 'Giving Back: working as a practitioner',
      max: 8,
      per: 'cycle',
      parent: 'giving-back',
    },
  ],
  rollover: { max: 20, earnedInLastMonths: 12 },
  afterExpiry: [SUSPENSION],
  fees: [RENEWAL_FEE],
  since: '2022-04-01',
  earlier: [PDU60_2015],
};

const PDU30_2015: EarlierRule = {
  before: '2022-04-01',
  rule: {
    categories: [
      { id: 'education', label: 'Education', min: 18, per: 'cycle' },
      {
        id: 'technical-project-management',
        label: 'Education: Technical Project Management',
        min: 4,
        per: 'cycle',
        parent: 'education',
        aliases: ['ways-of-working', 'technical'],
      },
      {
        id: 'leadership',
        label: 'Education: Leadership',
        min: 4,
        per: 'cycle',
        parent: 'education',
        aliases: ['power-skills'],
      },
      {
        id: 'strategic-business-management',
        label: 'Education: Strategic and Business Management',
        min: 4,
        per: 'cycle',
        parent: 'education',
        aliases: ['business-acumen', 'strategic'],
      },
      { id: 'giving-back', label: 'Giving Back', max: 12, per: 'cycle' },
    ],
  },
  note: TRIANGLE_NOTE,
};

const PDU30: RenewalRule = {
  kind: 'credits',
  unit: 'PDU',
  total: 30,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  increment: 0.25,
  categories: [
    { id: 'education', label: 'Education', min: 18, per: 'cycle' },
    {
      id: 'ways-of-working',
      label: 'Education: Ways of Working',
      min: 4,
      per: 'cycle',
      parent: 'education',
      aliases: ['technical-project-management', 'technical'],
    },
    {
      id: 'power-skills',
      label: 'Education: Power Skills',
      min: 4,
      per: 'cycle',
      parent: 'education',
      aliases: ['leadership'],
    },
    {
      id: 'business-acumen',
      label: 'Education: Business Acumen',
      min: 4,
      per: 'cycle',
      parent: 'education',
      aliases: ['strategic-business-management', 'strategic'],
    },
    { id: 'giving-back', label: 'Giving Back', max: 12, per: 'cycle' },
  ],
  activityCaps: [],
  rollover: { max: 10, earnedInLastMonths: 12 },
  afterExpiry: [SUSPENSION],
  fees: [RENEWAL_FEE],
  since: '2022-04-01',
  earlier: [PDU30_2015],
};

/** The newer certifications: the 30-PDU rule without the figures only the older ones were read for. */
const PDU30_NEW: RenewalRule = {
  kind: 'credits',
  unit: 'PDU',
  total: 30,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  increment: 0.25,
  categories: [
    { id: 'education', label: 'Education', min: 18, per: 'cycle' },
    {
      id: 'ways-of-working',
      label: 'Education: Ways of Working',
      min: 4,
      per: 'cycle',
      parent: 'education',
      aliases: ['technical-project-management', 'technical'],
    },
    {
      id: 'power-skills',
      label: 'Education: Power Skills',
      min: 4,
      per: 'cycle',
      parent: 'education',
      aliases: ['leadership'],
    },
    {
      id: 'business-acumen',
      label: 'Education: Business Acumen',
      min: 4,
      per: 'cycle',
      parent: 'education',
      aliases: ['strategic-business-management', 'strategic'],
    },
    { id: 'giving-back', label: 'Giving Back', max: 12, per: 'cycle' },
  ],
  activityCaps: [],
  rollover: null,
  afterExpiry: [SUSPENSION],
  fees: [RENEWAL_FEE],
};

const PDU15: RenewalRule = {
  kind: 'credits',
  unit: 'PDU',
  total: 15,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  increment: 0.25,
  categories: [
    { id: 'education', label: 'Education', min: 9, per: 'cycle' },
    {
      id: 'ways-of-working',
      label: 'Education: Ways of Working',
      per: 'cycle',
      parent: 'education',
      aliases: ['technical-project-management', 'technical'],
    },
    {
      id: 'power-skills',
      label: 'Education: Power Skills',
      per: 'cycle',
      parent: 'education',
      aliases: ['leadership'],
    },
    {
      id: 'business-acumen',
      label: 'Education: Business Acumen',
      per: 'cycle',
      parent: 'education',
      aliases: ['strategic-business-management', 'strategic'],
    },
    { id: 'giving-back', label: 'Giving Back', max: 6, per: 'cycle' },
  ],
  activityCaps: [],
  rollover: null,
  afterExpiry: [SUSPENSION],
  fees: [RENEWAL_FEE],
};

const TRIANGLE_30_DOUBT =
  'Talent Triangle minimums of 4 PDUs per side for 30-PDU certifications are from second-hand summaries of the CCR Handbook; the 10-PDU carry-over is from a 2012 summary of it.';

const NEW_30_DOUBT =
  'A newer PMI certification: 30 PDUs every 3 years with the usual Education and Giving Back split is assumed from the other 30-PDU certifications.';

export const PMI: BodyData = {
  body: 'PMI',
  source: 'https://www.pmi.org/certifications/certification-resources/maintain',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Renewal fee (US$60 members, US$150 non-members) from PMI chapters' pages and current summaries; PMI's maintain page says only that members pay less. Carry-over of PDUs earned in the cycle's last year beyond the total (up to 20 for 60-PDU certifications) from PMI's CCR Handbook as summarised by others.",
  notes:
    "The cycle starts on the day the exam is passed and lasts three years; renewing early does not move it. One PDU per hour of learning, teaching or volunteering, reported in quarter hours. Education PDUs must fit a side of the Talent Triangle (Ways of Working, Power Skills, Business Acumen), each with its minimum; Giving Back is capped, and working as a practitioner counts for at most 8 of it (60-PDU certifications). PDUs may count for several PMI certifications, but each certification is renewed and paid for separately. PDUs earned beyond the total in the cycle's last year carry into the next cycle. PMI renamed the sides of the Talent Triangle in spring 2022 (formerly Technical Project Management, Leadership, Strategic and Business Management) without changing the minimums; PDUs claimed under the old names count under the new ones.",
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
      notes:
        'The Talent Triangle split of the 9 Education PDUs was not found: the sides count toward Education without minimums of their own.',
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
      renewal: PDU30_NEW,
      uncertain: true,
      uncertainNote: NEW_30_DOUBT,
    },
    {
      id: 'pmi-cpmai',
      name: 'PMI-CPMAI',
      fullName: 'PMI Certified Professional in Managing AI',
      aliases: ['CPMAI', 'Cognitive Project Management in AI', 'PMI Managing AI'],
      domains: ['project management', 'data'],
      level: 3,
      nextSteps: ['pmi-pmp', 'iapp-aigp'],
      renewal: PDU30_NEW,
      notes:
        'Launched in September 2025 from the CPMAI methodology PMI acquired with Cognilytica; it replaces the earlier CPMAI certification.',
      uncertain: true,
      uncertainNote: NEW_30_DOUBT,
    },
    {
      id: 'pmi-pmocp',
      name: 'PMI-PMOCP',
      fullName: 'PMI Project Management Office Certified Professional',
      aliases: ['PMOCP', 'PMI PMO Certified Professional'],
      domains: ['project management', 'governance'],
      level: 3,
      nextSteps: ['pmi-pgmp', 'pmi-pfmp'],
      renewal: PDU30_NEW,
      notes:
        'Available since February 2025; it builds on the PMO Certified Practitioner (PMO-CP) PMI acquired from the PMO Global Alliance.',
      uncertain: true,
      uncertainNote: NEW_30_DOUBT,
    },
  ],
};
