/**
 * ISACA: one CPE policy for every certification. The annual reporting period
 * is the calendar year, and the first three-year cycle starts on 1 January
 * after certification; hours earned between certification and that date
 * count toward it and its first year.
 */
import type { BodyData, RenewalRule } from '../types';

const ISACA_RULE: RenewalRule = {
  kind: 'credits',
  unit: 'CPE',
  total: 120,
  cycleMonths: 36,
  cycleStart: 'year-after',
  annualMinimum: 20,
  annualYear: 'calendar',
  partialYear: 'full',
  categories: [],
  activityCaps: [
    {
      kind: 'isaca-volunteering',
      label: 'ISACA working groups, volunteer projects, chapter officer',
      max: 20,
      per: 'year',
    },
  ],
  rollover: null,
  afterExpiry: [
    {
      kind: 'grace',
      months: 2,
      creditsCount: false,
      note: 'Until the end of February after the year ends, the CPE report and the maintenance fee are still accepted; hours must have been earned by 31 December. Not reporting leads to revocation.',
    },
  ],
  fees: [
    {
      kind: 'annual',
      amount: 85,
      memberAmount: 45,
      currency: 'USD',
      due: 'fixed-date',
      dueDate: '12-31',
      note: 'An annual maintenance fee per certification (US$45 for ISACA members, US$85 for non-members), paid with the yearly CPE report; ISACA membership dues are separate.',
    },
  ],
};

const NEW_CERT_DOUBT =
  'A newer ISACA certification: its figures are assumed to follow the common ISACA CPE policy; no certification-specific page was found.';

export const ISACA: BodyData = {
  body: 'ISACA',
  source: 'https://www.isaca.org/credentialing/how-to-earn-cpe',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Dates of the yearly report: the fee and CPE report falling due on 31 December with acceptance until the end of February are from secondary summaries of the CPE policy; ISACA's maintain pages give the fee amounts (US$45 members, US$85 non-members) without the dates.",
  notes:
    'The three-year period starts on 1 January of the year after certification; hours earned between certification and that date count toward it and toward its first year. At least 20 hours every calendar year and 120 over the three years, reported each year with the maintenance fee. A random sample is audited each year: record name, sponsor, title, date and hours, and keep proof 12 months after the cycle. The same hours may count for several ISACA certifications. Non-practising and retired statuses have their own rules.',
  recommendable: true,
  renewal: ISACA_RULE,
  entries: [
    {
      id: 'isaca-cisa',
      name: 'CISA',
      fullName: 'Certified Information Systems Auditor',
      aliases: ['ISACA CISA'],
      domains: ['audit', 'governance', 'security'],
      level: 3,
      nextSteps: ['isaca-cism', 'isaca-crisc', 'isaca-cgeit'],
    },
    {
      id: 'isaca-cism',
      name: 'CISM',
      fullName: 'Certified Information Security Manager',
      aliases: ['ISACA CISM'],
      domains: ['security', 'governance', 'risk'],
      level: 4,
      nextSteps: ['isaca-crisc', 'isaca-cgeit', 'isc2-cissp'],
    },
    {
      id: 'isaca-crisc',
      name: 'CRISC',
      fullName: 'Certified in Risk and Information Systems Control',
      aliases: ['ISACA CRISC'],
      domains: ['risk', 'governance', 'audit'],
      level: 3,
      nextSteps: ['isaca-cgeit', 'isaca-cism'],
    },
    {
      id: 'isaca-cgeit',
      name: 'CGEIT',
      fullName: 'Certified in the Governance of Enterprise IT',
      aliases: ['ISACA CGEIT'],
      domains: ['governance', 'risk', 'audit'],
      level: 4,
      nextSteps: ['isaca-crisc', 'pmi-pfmp'],
    },
    {
      id: 'isaca-cdpse',
      name: 'CDPSE',
      fullName: 'Certified Data Privacy Solutions Engineer',
      aliases: ['ISACA CDPSE'],
      domains: ['privacy', 'data', 'security'],
      level: 3,
      nextSteps: ['isaca-cism', 'iapp-cipt', 'isaca-crisc'],
    },
    {
      id: 'isaca-ccoa',
      name: 'CCOA',
      fullName: 'Certified Cybersecurity Operations Analyst',
      aliases: ['ISACA CCOA'],
      domains: ['incident response', 'security'],
      level: 3,
      nextSteps: ['isaca-cism', 'giac-gcih'],
      uncertain: true,
      uncertainNote: NEW_CERT_DOUBT,
    },
    {
      id: 'isaca-aaia',
      name: 'AAIA',
      fullName: 'ISACA Advanced in AI Audit',
      aliases: ['ISACA AAIA', 'Advanced in AI Audit'],
      domains: ['audit', 'data', 'governance'],
      level: 4,
      nextSteps: ['isaca-cgeit', 'iapp-aigp'],
      uncertain: true,
      uncertainNote: NEW_CERT_DOUBT,
    },
    {
      id: 'isaca-aaism',
      name: 'AAISM',
      fullName: 'ISACA Advanced in AI Security Management',
      aliases: ['ISACA AAISM', 'Advanced in AI Security Management'],
      domains: ['security', 'data', 'governance'],
      level: 4,
      nextSteps: ['isaca-cgeit', 'iapp-aigp'],
      uncertain: true,
      uncertainNote: NEW_CERT_DOUBT,
    },
  ],
};
