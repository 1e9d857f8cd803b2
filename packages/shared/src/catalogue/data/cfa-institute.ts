/**
 * CFA Institute: the CFA charter and the CIPM designation do not expire, but
 * using them requires active membership: yearly dues and a Professional
 * Conduct Statement. Continuing education is recommended, not required.
 */
import type { BodyData, RenewalRule } from '../types';

const MEMBERSHIP: RenewalRule = {
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
  fees: [
    {
      kind: 'annual',
      amount: 275,
      currency: 'USD',
      due: 'fixed-date',
      dueDate: '06-30',
      note: 'CFA Institute membership dues for the membership year 1 July to 30 June (US$100 on retired status); society dues are extra and vary. Paid with the yearly Professional Conduct Statement.',
    },
  ],
};

const NO_RENEWAL: RenewalRule = {
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

export const CFA_INSTITUTE: BodyData = {
  body: 'CFA Institute',
  source:
    'https://cfainstitute.org/community/membership/process/Pages/maintain_charterholder_status.aspx',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    'Dues: US$275 is the amount on CFA Institute dues pages from 2014 onwards; later amounts were not confirmed.',
  notes:
    'CFA Institute recommends at least 20 hours of continuing education a year, 2 of them on standards, ethics and regulations, and members may attest to it when renewing; it is not a condition of the charter. Members who do not renew lose the right to use the designation.',
  recommendable: true,
  renewal: MEMBERSHIP,
  entries: [
    {
      id: 'cfa-cfa',
      name: 'CFA',
      fullName: 'Chartered Financial Analyst',
      aliases: ['CFA charter', 'CFA charterholder', 'CFA Institute CFA'],
      domains: ['financial planning', 'risk', 'accounting'],
      level: 4,
      nextSteps: ['garp-frm', 'cfa-cipm'],
    },
    {
      id: 'cfa-cipm',
      name: 'CIPM (CFA Institute)',
      fullName: 'Certificate in Investment Performance Measurement',
      aliases: ['CFA Institute CIPM'],
      domains: ['financial planning', 'risk'],
      level: 3,
      nextSteps: ['cfa-cfa'],
      notes:
        'CIPM holders keep the designation through CFA Institute membership or the CIPM programme terms; fees not recorded.',
      renewal: NO_RENEWAL,
    },
    {
      id: 'cfa-esg',
      name: 'CFA ESG Certificate',
      fullName: 'CFA Institute Certificate in ESG Investing',
      aliases: ['Certificate in ESG Investing', 'CFA ESG'],
      domains: ['financial planning', 'risk'],
      level: 2,
      nextSteps: ['cfa-cfa', 'garp-scr'],
      renewal: NO_RENEWAL,
      notes: 'A certificate with no maintenance requirement.',
    },
  ],
};
