/**
 * ISC2: CPE credits over a three-year cycle, split into Group A (the
 * certification's domains) and Group B (professional development). ISC2
 * calls its yearly figures suggestions, so no annual minimum is recorded.
 * Cycles run from the first of the month after certification to the last
 * day of a month; one annual maintenance fee covers every certification.
 */
import type { AfterExpiry, BodyData, Fee, RenewalRule } from '../types';

const ISC2_GRACE: AfterExpiry = {
  kind: 'grace',
  days: 90,
  creditsCount: true,
  note: 'CPE credits earned and submitted in the 90 days after the cycle ends still count toward it; the certification is still held.',
};

const ISC2_SUSPENSION: AfterExpiry = {
  kind: 'suspension',
  days: 730,
  creditsCount: false,
  note: 'A member who has not met the requirements by the end of the grace period is suspended and may not use the designation; within the two-year suspension the certification can be restored (CPEs earned in the cycle or its grace period, unpaid fees, or an appeal). After it the certification is terminated and the exam must be passed again.',
};

const AMF: Fee = {
  kind: 'annual',
  amount: 135,
  currency: 'USD',
  due: 'certification-anniversary',
  note: 'One annual maintenance fee (AMF) covers every ISC2 certification held and falls due each year on the anniversary of the earliest certification. The first AMF is paid on certification.',
};

const AMF_CC: Fee = {
  kind: 'annual',
  amount: 50,
  currency: 'USD',
  due: 'certification-anniversary',
  note: 'A holder of CC alone pays the US$50 AMF (as ISC2 associates do); one who also holds another ISC2 certification pays the single US$135 AMF instead.',
};

const CISSP: RenewalRule = {
  kind: 'credits',
  unit: 'CPE',
  total: 120,
  cycleMonths: 36,
  cycleStart: 'month-after',
  annualMinimum: null,
  annualYear: null,
  categories: [
    { id: 'group-a', label: 'Group A (domain-related)', min: 90, per: 'cycle' },
    { id: 'group-b', label: 'Group B (professional development)', max: 30, per: 'cycle' },
  ],
  activityCaps: [],
  rollover: { max: 40, earnedInLastMonths: 6, category: 'group-a' },
  afterExpiry: [ISC2_GRACE, ISC2_SUSPENSION],
  fees: [AMF],
};

const CCSP_CSSLP: RenewalRule = {
  kind: 'credits',
  unit: 'CPE',
  total: 90,
  cycleMonths: 36,
  cycleStart: 'month-after',
  annualMinimum: null,
  annualYear: null,
  categories: [
    { id: 'group-a', label: 'Group A (domain-related)', min: 60, per: 'cycle' },
    { id: 'group-b', label: 'Group B (professional development)', max: 30, per: 'cycle' },
  ],
  activityCaps: [],
  rollover: { max: 30, earnedInLastMonths: 6, category: 'group-a' },
  afterExpiry: [ISC2_GRACE, ISC2_SUSPENSION],
  fees: [AMF],
};

const SSCP_CGRC_HCISPP: RenewalRule = {
  kind: 'credits',
  unit: 'CPE',
  total: 60,
  cycleMonths: 36,
  cycleStart: 'month-after',
  annualMinimum: null,
  annualYear: null,
  categories: [
    { id: 'group-a', label: 'Group A (domain-related)', min: 45, per: 'cycle' },
    { id: 'group-b', label: 'Group B (professional development)', max: 15, per: 'cycle' },
  ],
  activityCaps: [],
  rollover: { max: 20, earnedInLastMonths: 6, category: 'group-a' },
  afterExpiry: [ISC2_GRACE, ISC2_SUSPENSION],
  fees: [AMF],
};

const CC: RenewalRule = {
  kind: 'credits',
  unit: 'CPE',
  total: 45,
  cycleMonths: 36,
  cycleStart: 'month-after',
  annualMinimum: null,
  annualYear: null,
  categories: [{ id: 'group-a', label: 'Group A (domain-related)', min: 45, per: 'cycle' }],
  activityCaps: [],
  rollover: null,
  afterExpiry: [ISC2_GRACE, ISC2_SUSPENSION],
  fees: [AMF_CC],
};

const CONCENTRATION: RenewalRule = {
  kind: 'credits',
  unit: 'CPE',
  total: 20,
  cycleMonths: 36,
  cycleStart: 'month-after',
  annualMinimum: null,
  annualYear: null,
  categories: [{ id: 'group-a', label: 'Group A in the concentration', min: 20, per: 'cycle' }],
  activityCaps: [],
  rollover: null,
  afterExpiry: [ISC2_GRACE, ISC2_SUSPENSION],
  fees: [],
};

const CONCENTRATION_DOUBT =
  "Total: ISC2's member policy asks 20 Group A CPEs per concentration each cycle, on top of the CISSP's 120; its October 2023 announcement says 60 CPEs per 3-year term with a CISSP and 140 without.";

const CYCLE_DOUBT =
  "Cycle dates: ISC2's policies state three-year cycles without saying where they start; members report cycles that start on the first of the month after certification and end on a month's last day, which is what the catalogue places (the end date on the member dashboard is authoritative).";

export const ISC2: BodyData = {
  body: 'ISC2',
  source: 'https://www.isc2.org/policies-procedures/member-policies',
  checked: '2026-11',
  uncertain: true,
  uncertainNote: CYCLE_DOUBT,
  notes:
    "ISC2 suggests spreading credits evenly over the three years. CPE may be earned until 90 days after the cycle ends and still count toward it (the grace period), and must be submitted by then. Keep proof 12 months after the cycle ends. Group A credits earned beyond the target in the last 6 months of a cycle roll into the next as Group A (up to the rollover figure). The same activity may count for several ISC2 certifications. One annual maintenance fee (AMF) of US$135 covers every ISC2 certification held and falls due on the anniversary of the earliest (fee from ISC2 Japan's AMF page; it was US$125 from July 2019). After the grace period comes a suspension of up to two years, then termination.",
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
      notes:
        'ISC2 suggests 20 a year. ISC2 announced the end of the HCISPP exam (last exam 1 December 2023); holders keep it by the same CPE rules.',
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
      uncertain: true,
      uncertainNote:
        "AMF: US$50 for CC alone is from a holder's notes and ISC2's associate fee; ISC2's AMF page gives the associate figure only.",
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
      notes: "A concentration of the CISSP: the member's single AMF covers it.",
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
      notes: "A concentration of the CISSP: the member's single AMF covers it.",
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
      notes: "A concentration of the CISSP: the member's single AMF covers it.",
      uncertain: true,
      uncertainNote: CONCENTRATION_DOUBT,
    },
  ],
};
