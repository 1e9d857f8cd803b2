/**
 * AICPA: the ABV, CFF, CITP and PFS credentials are kept with 20 hours of
 * CPD relevant to the credential each year (up to 10 unstructured),
 * attested when paying the yearly credential dues.
 */
import type { BodyData, RenewalRule } from '../types';

const CREDENTIAL: RenewalRule = {
  kind: 'credits',
  unit: 'CPE',
  total: 20,
  cycleMonths: 12,
  cycleStart: 'year-end',
  firstCycle: 'prorated',
  annualMinimum: null,
  annualYear: 'calendar',
  categories: [{ id: 'unstructured', label: 'Unstructured learning', max: 10, per: 'cycle' }],
  activityCaps: [],
  rollover: null,
  afterExpiry: [],
  fees: [],
};

export const AICPA: BodyData = {
  body: 'AICPA',
  source: 'https://www.aicpa.org/membership/credential-recertification.html',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    'Reporting year: the AICPA says 20 hours each year without naming the year; the calendar year and a share of the hours for the year of the award are assumed (the membership year runs 1 August to 31 July). Credential dues not recorded (US$350 on older AICPA pages).',
  notes:
    'Since 2017 the AICPA counts continuing professional development (CPD): CPE, other structured learning and up to 10 hours of unstructured learning (mentoring, research, on-the-job learning), all relevant to the credential body of knowledge. Holders must stay AICPA members in good standing and keep a valid CPA licence (active for CITP and PFS). Paying the yearly credential dues is the attestation; records may be audited. Before 2017 the rule was 60 hours every three years ending 31 December.',
  recommendable: true,
  renewal: CREDENTIAL,
  entries: [
    {
      id: 'aicpa-citp',
      name: 'CITP',
      fullName: 'Certified Information Technology Professional',
      aliases: ['CPA/CITP', 'AICPA CITP'],
      domains: ['audit', 'systems', 'accounting'],
      level: 4,
      nextSteps: ['isaca-cisa', 'isaca-cgeit'],
    },
    {
      id: 'aicpa-abv',
      name: 'ABV',
      fullName: 'Accredited in Business Valuation',
      aliases: ['CPA/ABV', 'AICPA ABV'],
      domains: ['accounting', 'financial planning'],
      level: 4,
      nextSteps: ['aicpa-cff', 'cfa-cfa'],
    },
    {
      id: 'aicpa-cff',
      name: 'CFF',
      fullName: 'Certified in Financial Forensics',
      aliases: ['CPA/CFF', 'AICPA CFF'],
      domains: ['fraud', 'accounting'],
      level: 4,
      nextSteps: ['acfe-cfe'],
    },
    {
      id: 'aicpa-pfs',
      name: 'PFS',
      fullName: 'Personal Financial Specialist',
      aliases: ['CPA/PFS', 'AICPA PFS'],
      domains: ['financial planning', 'accounting'],
      level: 4,
      nextSteps: ['cfp-cfp'],
    },
  ],
};
