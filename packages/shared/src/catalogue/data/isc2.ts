/**
 * ISC2: CPE credits over a three-year cycle, split into Group A (the
 * certification's domains) and Group B (professional development). ISC2
 * calls its yearly figures suggestions, so no annual minimum is recorded.
 */
import type { AfterExpiry, BodyData, RenewalRule } from '../types';

const ISC2_GRACE: AfterExpiry = {
  kind: 'grace',
  days: 90,
  creditsCount: true,
  note: 'CPE credits earned and submitted in the 90 days after the cycle ends still count toward it.',
};

const CISSP: RenewalRule = {
  kind: 'credits',
  unit: 'CPE',
  total: 120,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  categories: [
    { id: 'group-a', label: 'Group A (domain-related)', min: 90, per: 'cycle' },
    { id: 'group-b', label: 'Group B (professional development)', max: 30, per: 'cycle' },
  ],
  activityCaps: [],
  rollover: { max: 40, earnedInLastMonths: 6 },
  afterExpiry: [ISC2_GRACE],
  fees: [],
};

const CCSP_CSSLP: RenewalRule = {
  kind: 'credits',
  unit: 'CPE',
  total: 90,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  categories: [
    { id: 'group-a', label: 'Group A (domain-related)', min: 60, per: 'cycle' },
    { id: 'group-b', label: 'Group B (professional development)', max: 30, per: 'cycle' },
  ],
  activityCaps: [],
  rollover: { max: 30, earnedInLastMonths: 6 },
  afterExpiry: [ISC2_GRACE],
  fees: [],
};

const SSCP_CGRC_HCISPP: RenewalRule = {
  kind: 'credits',
  unit: 'CPE',
  total: 60,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  categories: [
    { id: 'group-a', label: 'Group A (domain-related)', min: 45, per: 'cycle' },
    { id: 'group-b', label: 'Group B (professional development)', max: 15, per: 'cycle' },
  ],
  activityCaps: [],
  rollover: { max: 20, earnedInLastMonths: 6 },
  afterExpiry: [ISC2_GRACE],
  fees: [],
};

const CC: RenewalRule = {
  kind: 'credits',
  unit: 'CPE',
  total: 45,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  categories: [{ id: 'group-a', label: 'Group A (domain-related)', min: 45, per: 'cycle' }],
  activityCaps: [],
  rollover: null,
  afterExpiry: [ISC2_GRACE],
  fees: [],
};

const CONCENTRATION: RenewalRule = {
  kind: 'credits',
  unit: 'CPE',
  total: 20,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  categories: [{ id: 'group-a', label: 'Group A in the concentration', min: 20, per: 'cycle' }],
  activityCaps: [],
  rollover: null,
  afterExpiry: [ISC2_GRACE],
  fees: [],
};

const CONCENTRATION_DOUBT =
  "Total: ISC2's member policy asks 20 Group A CPEs per concentration each cycle, on top of the CISSP's 120; its October 2023 announcement says 60 CPEs per 3-year term with a CISSP and 140 without.";

export const ISC2: BodyData = {
  body: 'ISC2',
  source: 'https://www.isc2.org/policies-procedures/member-policies',
  checked: '2026-11',
  uncertain: false,
  uncertainNote: null,
  notes:
    'ISC2 suggests spreading credits evenly over the three years. All CPE must be earned by the end of the cycle; 90 days after it remain to submit. Keep proof 12 months after the cycle ends. Group A credits earned beyond the target in the last 6 months of a cycle roll into the next (up to the rollover figure). The same activity may count for several ISC2 certifications. Annual maintenance fee (AMF): earlier ISC2 fee pages say US$125 (US$50 for CC alone); 2026 summaries say US$135; one AMF covers every ISC2 certification held.',
  recommendable: true,
  renewal: CISSP,
  entries: [
    {
      id: 'isc2-cissp',
      name: 'CISSP',
      fullName: 'Certified Information Systems Security Professional',
      aliases: ['ISC2 CISSP', '(ISC)2 CISSP'],
      domains: ['security', 'governance', 'risk'],
      level: 4,
      nextSteps: ['isc2-ccsp', 'isaca-cism', 'isc2-issap', 'isc2-csslp'],
      notes: 'ISC2 suggests 40 a year (30 Group A).',
    },
    {
      id: 'isc2-ccsp',
      name: 'CCSP',
      fullName: 'Certified Cloud Security Professional',
      aliases: ['ISC2 CCSP'],
      domains: ['cloud', 'security'],
      level: 4,
      nextSteps: ['isc2-cissp', 'comptia-cloudnetx', 'aws-scs'],
      renewal: CCSP_CSSLP,
      notes: 'ISC2 suggests 30 a year.',
    },
    {
      id: 'isc2-csslp',
      name: 'CSSLP',
      fullName: 'Certified Secure Software Lifecycle Professional',
      aliases: ['ISC2 CSSLP'],
      domains: ['software security', 'security'],
      level: 4,
      nextSteps: ['isc2-cissp', 'isc2-ccsp'],
      renewal: CCSP_CSSLP,
      notes: 'ISC2 suggests 30 a year.',
    },
    {
      id: 'isc2-sscp',
      name: 'SSCP',
      fullName: 'Systems Security Certified Practitioner',
      aliases: ['ISC2 SSCP'],
      domains: ['security', 'systems'],
      level: 2,
      nextSteps: ['isc2-cissp', 'comptia-cysa-plus'],
      renewal: SSCP_CGRC_HCISPP,
      notes: 'ISC2 suggests 20 a year.',
    },
    {
      id: 'isc2-cgrc',
      name: 'CGRC',
      fullName: 'Certified in Governance, Risk and Compliance',
      aliases: ['ISC2 CGRC', 'CAP', 'Certified Authorization Professional'],
      domains: ['governance', 'risk', 'security'],
      level: 3,
      nextSteps: ['isc2-cissp', 'isaca-crisc'],
      renewal: SSCP_CGRC_HCISPP,
      notes: 'Formerly CAP. ISC2 suggests 20 a year.',
    },
    {
      id: 'isc2-hcispp',
      name: 'HCISPP',
      fullName: 'HealthCare Information Security and Privacy Practitioner',
      aliases: ['ISC2 HCISPP'],
      domains: ['privacy', 'security'],
      level: 3,
      nextSteps: ['isc2-cissp', 'iapp-cipp-us'],
      renewal: SSCP_CGRC_HCISPP,
      notes: 'ISC2 suggests 20 a year.',
    },
    {
      id: 'isc2-cc',
      name: 'CC',
      fullName: 'Certified in Cybersecurity',
      aliases: ['ISC2 CC', 'ISC2 Certified in Cybersecurity'],
      domains: ['security'],
      level: 1,
      nextSteps: ['isc2-sscp', 'comptia-security-plus', 'isc2-cissp'],
      renewal: CC,
      notes:
        'All 45 CPEs count as Group A; ISC2 suggests 15 a year. ISC2 states no rollover for CC.',
    },
    {
      id: 'isc2-issap',
      name: 'ISSAP',
      fullName: 'Information Systems Security Architecture Professional',
      aliases: ['CISSP-ISSAP', 'ISC2 ISSAP'],
      domains: ['security', 'systems'],
      level: 4,
      nextSteps: ['isc2-issep', 'isc2-ccsp'],
      renewal: CONCENTRATION,
      uncertain: true,
      uncertainNote: CONCENTRATION_DOUBT,
    },
    {
      id: 'isc2-issep',
      name: 'ISSEP',
      fullName: 'Information Systems Security Engineering Professional',
      aliases: ['CISSP-ISSEP', 'ISC2 ISSEP'],
      domains: ['security', 'systems'],
      level: 4,
      nextSteps: ['isc2-issap', 'isc2-csslp'],
      renewal: CONCENTRATION,
      uncertain: true,
      uncertainNote: CONCENTRATION_DOUBT,
    },
    {
      id: 'isc2-issmp',
      name: 'ISSMP',
      fullName: 'Information Systems Security Management Professional',
      aliases: ['CISSP-ISSMP', 'ISC2 ISSMP'],
      domains: ['security', 'governance'],
      level: 4,
      nextSteps: ['isaca-cism', 'isaca-cgeit'],
      renewal: CONCENTRATION,
      uncertain: true,
      uncertainNote: CONCENTRATION_DOUBT,
    },
  ],
};
