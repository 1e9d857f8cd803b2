/**
 * The bodies the catalogue started with (catalogue/data/core.ts): worked
 * examples from each body's own rules, at least one for every body and for
 * every certification of the most-held list. The expected values are the
 * body's answers, worked out by hand from its text.
 */
import type { GoldenCase } from './types';

const ISC2 = 'https://www.isc2.org/policies-procedures/member-policies';
const ISC2_AMF = 'https://japan.isc2.org/member_annualfee.html';
const ISACA = 'https://www.isaca.org/credentialing/how-to-earn-cpe';
const COMPTIA =
  'https://www.comptia.org/en-us/resources/ce/choose/renewing-with-multiple-activities/training-and-higher-education/';
const COMPTIA_FEES =
  'https://help.comptia.org/hc/en-us/articles/10826499381012-How-Do-I-Pay-CE-Fees-With-a-Credit-Card-or-PayPal-Account';
const PMI = 'https://www.pmi.org/certifications/certification-resources/maintain';
const PMI_TRIANGLE =
  'https://www.pmi.org/certifications/certification-resources/maintain/pmi-talent-triangle-update';
const GIAC = 'https://www.giac.org/certifications/renewal/published-work';
const EC_FEES = 'https://cert.eccouncil.org/membership.html';
const EC_SUSPENSION =
  'https://eccouncil.zendesk.com/hc/en-us/articles/205825996-Is-there-any-way-my-certification-will-be-suspended-';
const CISCO_CE =
  'https://www.cisco.com/c/en/us/training-events/training-certifications/training/continuing-education-program.html';
const CISCO_POLICY =
  'https://www.cisco.com/c/en/us/training-events/training-certifications/recertification-policy.html';
const AWS = 'https://aws.amazon.com/certification/policies/recertification/';
const MICROSOFT =
  'https://learn.microsoft.com/en-us/certifications/renew-your-microsoft-certification';
const GOOGLE = 'https://support.google.com/cloud-certification/answer/9907853';
const CNCF =
  'https://www.cncf.io/blog/2024/03/01/aligning-certifications-to-kubernetes-support-windows/';
const RED_HAT = 'https://www.redhat.com/en/services/certification/renewal';
const IAPP = 'https://iapp.org/certify/cpe/';
const SCRUM = 'https://certification.scrumalliance.org/renewal-requirements';
const PEOPLECERT = 'https://www.peoplecert.org/help-and-support/FAQ';
const IIA = 'https://theiia.org/CPErequirements';
const ACFE = 'https://www.acfe.com/cpe-compliance.aspx';
const CFP =
  'https://www.cfp.net/for-cfp-professionals/continuing-education/continuing-education-policies';
const SHRM_HANDBOOK = 'https://flipbooks.shrm.org/view/831074304/11';
const SHRM_FAQ = 'https://www.shrm.org/certification/faqs/Pages/faqs-recert.aspx';
const HRCI = 'https://www.hrci.org/recertification/recertify-by-credit';
const HRCI_FEES =
  'https://www.hrci.org/recertification/submit-recertification-application/fees-and-deadlines';
const CPA_ONTARIO =
  'https://www.cpaontario.ca/members/regulations-guidance/continuing-professional-development';
const CA_ANZ =
  'https://www.charteredaccountantsanz.com/learning-and-events/managing-your-cpd/cpd-requirements';

export const CORE_CASES: readonly GoldenCase[] = [
  // ISC2
  {
    source: ISC2,
    says: 'a CISSP cycle runs three years from the first of the month after certification to a month end, with a total and no yearly minimum, so it lists no reporting years (and never a fourth)',
    entry: 'isc2-cissp',
    certified: '2024-06-15',
    today: '2024-11-26',
    expect: {
      firstCycle: { start: '2024-07-01', end: '2027-06-30' },
      years: [],
    },
  },
  {
    source: ISC2_AMF,
    says: 'one US$135 annual maintenance fee falls due every year on the certification anniversary',
    entry: 'isc2-cissp',
    certified: '2024-06-15',
    today: '2024-11-26',
    expect: { fees: [{ kind: 'annual', date: '2025-06-15', amount: 135 }] },
  },
  {
    source: ISC2,
    says: 'CPE earned in the 90 days after the cycle ends still counts toward it: 100 in the cycle and 20 in May make the 120',
    entry: 'isc2-cissp',
    certified: '2023-03-15',
    credits: [
      { date: '2024-05-01', units: 100, category: 'group-a' },
      { date: '2026-05-15', units: 20, category: 'group-a' },
    ],
    today: '2026-06-01',
    expect: {
      firstCycle: { start: '2023-04-01', end: '2026-03-31' },
      state: 'grace',
      ready: true,
      deadlines: [{ kind: 'grace-end', date: '2026-06-29' }],
      requirements: [{ id: 'total', earned: 120, met: true }],
    },
  },
  {
    source: ISC2,
    says: 'after the 90-day grace period a member who has not met the requirements is suspended for up to two years',
    entry: 'isc2-cissp',
    certified: '2022-01-10',
    today: '2025-09-01',
    expect: {
      firstCycle: { start: '2022-02-01', end: '2025-01-31' },
      state: 'suspended',
      deadlines: [{ kind: 'suspension-end', date: '2027-05-01' }],
    },
  },
  {
    source: ISC2,
    says: 'a CCSP may roll Group A credits earned beyond the 90 in the last six months of the cycle into the next, up to 30',
    entry: 'isc2-ccsp',
    certified: '2024-09-05',
    cycle: { start: '2024-10-01', end: '2027-09-30' },
    credits: [
      { date: '2025-01-10', units: 70, category: 'group-a' },
      { date: '2027-06-01', units: 40, category: 'group-a' },
    ],
    today: '2027-09-15',
    expect: {
      ready: true,
      nextCycle: { start: '2027-10-01', end: '2030-09-30', carried: 20 },
    },
  },
  {
    source: ISC2_AMF,
    says: 'CC holders pay the US$50 fee on the certification anniversary; the three-year cycle starts on the first of the next month',
    entry: 'isc2-cc',
    certified: '2025-02-20',
    today: '2025-11-26',
    expect: {
      firstCycle: { start: '2025-03-01', end: '2028-02-29' },
      fees: [{ kind: 'annual', date: '2026-02-20', amount: 50 }],
    },
  },

  // ISACA
  {
    source: ISACA,
    says: 'a CISA certified 2023-06-15 is in the period 2024 to 2026, with hours from certification counting toward 2024: 20 or more every year and 120 in all keep it current on 2026-11-26',
    entry: 'isaca-cisa',
    certified: '2023-06-15',
    credits: [
      { date: '2023-09-01', units: 10 },
      { date: '2024-05-01', units: 15 },
      { date: '2025-05-01', units: 40 },
      { date: '2026-05-01', units: 55 },
    ],
    today: '2026-11-26',
    expect: {
      firstCycle: { start: '2024-01-01', end: '2026-12-31' },
      state: 'ready',
      ready: true,
      unmet: [],
      requirements: [{ id: 'year:2024-01-01', earned: 25, met: true }],
      deadlines: [{ kind: 'expiry', date: '2026-12-31' }],
    },
  },
  {
    source: ISACA,
    says: 'the report and fee for a period ending 31 December are accepted to the end of February, 29 February in a leap year',
    entry: 'isaca-cisa',
    certified: '2024-06-15',
    today: '2028-02-29',
    expect: {
      firstCycle: { start: '2025-01-01', end: '2027-12-31' },
      state: 'grace',
      deadlines: [{ kind: 'grace-end', date: '2028-02-29' }],
    },
  },
  {
    source: ISACA,
    says: 'a CISA certified 2024-06-15 owes nothing for 2024: its reporting years are 2025, 2026 and 2027',
    entry: 'isaca-cisa',
    certified: '2024-06-15',
    today: '2024-11-26',
    expect: {
      firstCycle: { start: '2025-01-01', end: '2027-12-31' },
      years: [
        { from: '2025-01-01', to: '2025-12-31', required: 20 },
        { from: '2026-01-01', to: '2026-12-31', required: 20 },
        { from: '2027-01-01', to: '2027-12-31', required: 20 },
      ],
    },
  },
  {
    source: ISACA,
    says: '120 hours all dated in 2025 and none in 2026 meet the total but not the 20 hours of 2026',
    entry: 'isaca-cisa',
    certified: '2024-06-15',
    credits: [{ date: '2025-03-01', units: 120 }],
    today: '2026-11-26',
    expect: {
      ready: false,
      requirements: [
        { id: 'total', earned: 120, met: true },
        { id: 'year:2025-01-01', earned: 120, met: true },
        { id: 'year:2026-01-01', earned: 0, met: false },
      ],
    },
  },
  {
    source: ISACA,
    says: 'the annual maintenance fee (US$45 members, US$85 non-members) is due with the yearly report at the end of the year',
    entry: 'isaca-cisa',
    certified: '2025-03-01',
    today: '2025-06-01',
    expect: { fees: [{ kind: 'annual', date: '2025-12-31', amount: 85, memberAmount: 45 }] },
  },
  {
    source: ISACA,
    says: 'hours a CISM earns in the year of certification count toward the first reporting year, the next calendar year',
    entry: 'isaca-cism',
    certified: '2024-02-10',
    credits: [{ date: '2024-08-01', units: 20 }],
    today: '2025-03-01',
    expect: {
      firstCycle: { start: '2025-01-01', end: '2027-12-31' },
      requirements: [{ id: 'year:2025-01-01', earned: 20, met: true }],
    },
  },
  {
    source: ISACA,
    says: 'the report for the last year of a CRISC period is still accepted until the end of February',
    entry: 'isaca-crisc',
    certified: '2022-05-01',
    today: '2026-02-10',
    expect: {
      firstCycle: { start: '2023-01-01', end: '2025-12-31' },
      state: 'grace',
      deadlines: [{ kind: 'grace-end', date: '2026-02-28' }],
    },
  },

  // CompTIA
  {
    source: COMPTIA,
    says: 'Security+ needs 50 CEUs in three years and counts live webinars for at most 10: 30 CEUs and 25 of webinars make 40',
    entry: 'comptia-security-plus',
    certified: '2024-02-10',
    credits: [
      { date: '2024-06-01', units: 30 },
      { date: '2025-01-01', units: 25, category: 'webinar' },
    ],
    today: '2026-11-26',
    expect: {
      firstCycle: { start: '2024-02-10', end: '2027-02-09' },
      ready: false,
      unmet: ['total'],
      requirements: [
        { id: 'cap:webinar', earned: 10 },
        { id: 'total', earned: 40, required: 50 },
      ],
    },
  },
  {
    source: COMPTIA_FEES,
    says: 'the A+ continuing-education fee is paid for each year of the cycle, on the cycle dates',
    entry: 'comptia-a-plus',
    certified: '2024-02-10',
    today: '2024-06-01',
    expect: {
      firstCycle: { start: '2024-02-10', end: '2027-02-09' },
      fees: [{ kind: 'annual', date: '2025-02-10', amount: 25 }],
    },
  },
  {
    source: COMPTIA_FEES,
    says: 'the fee of the last year of the cycle is paid before renewing: by the expiry date, not the day after',
    entry: 'comptia-a-plus',
    certified: '2024-02-10',
    today: '2026-03-01',
    expect: {
      firstCycle: { start: '2024-02-10', end: '2027-02-09' },
      fees: [{ kind: 'annual', date: '2027-02-09', amount: 25 }],
    },
  },
  {
    source: COMPTIA_FEES,
    says: 'Network+ runs three years from the date earned, with its yearly fee on the anniversary',
    entry: 'comptia-network-plus',
    certified: '2025-05-20',
    today: '2025-11-26',
    expect: {
      firstCycle: { start: '2025-05-20', end: '2028-05-19' },
      fees: [{ kind: 'annual', date: '2026-05-20', amount: 50 }],
    },
  },
  {
    source: COMPTIA,
    says: 'CySA+ needs 60 CEUs and counts conferences for at most 15: 50 and 20 of conferences make 65, enough',
    entry: 'comptia-cysa-plus',
    certified: '2024-01-01',
    credits: [
      { date: '2024-05-01', units: 50 },
      { date: '2025-05-01', units: 20, category: 'conference' },
    ],
    today: '2026-11-26',
    expect: {
      state: 'ready',
      ready: true,
      requirements: [
        { id: 'cap:conference', earned: 15 },
        { id: 'total', earned: 65, met: true },
      ],
    },
  },
  {
    source: COMPTIA,
    says: 'a PenTest+ earned 2023-11-30 must be renewed by 2026-11-29: three days before, with no CEUs, it expires soon',
    entry: 'comptia-pentest-plus',
    certified: '2023-11-30',
    today: '2026-11-26',
    expect: {
      firstCycle: { start: '2023-11-30', end: '2026-11-29' },
      state: 'expires-soon',
      deadlines: [{ kind: 'expiry', date: '2026-11-29' }],
    },
  },
  {
    source: COMPTIA,
    says: 'a Linux+ earned on 31 August is renewed within three years of that date',
    entry: 'comptia-linux-plus',
    certified: '2025-08-31',
    today: '2025-11-26',
    expect: { firstCycle: { start: '2025-08-31', end: '2028-08-30' } },
  },

  // PMI
  {
    source: PMI,
    says: 'Giving Back counts for at most 25 PDUs and Education needs 35 across the Talent Triangle: 40 Giving Back and 20 Ways of Working do not renew a PMP',
    entry: 'pmi-pmp',
    certified: '2024-03-01',
    credits: [
      { date: '2024-06-01', units: 40, category: 'giving-back' },
      { date: '2025-06-01', units: 20, category: 'ways-of-working' },
    ],
    today: '2026-11-26',
    expect: {
      firstCycle: { start: '2024-03-01', end: '2027-02-28' },
      ready: false,
      unmet: ['total', 'category:education', 'category:power-skills', 'category:business-acumen'],
      requirements: [
        { id: 'cap:giving-back', earned: 25 },
        { id: 'total', earned: 45, required: 60 },
        { id: 'category:ways-of-working', earned: 20, met: true },
      ],
    },
  },
  {
    source: PMI,
    says: 'Education is the sum of the three Talent Triangle sides: 12 + 12 + 12 is 36 of the 35, and with 24 Giving Back the 60 are met',
    entry: 'pmi-pmp',
    certified: '2024-03-01',
    credits: [
      { date: '2024-05-01', units: 12, category: 'ways-of-working' },
      { date: '2025-05-01', units: 12, category: 'power-skills' },
      { date: '2025-09-01', units: 12, category: 'business-acumen' },
      { date: '2026-03-01', units: 24, category: 'giving-back' },
    ],
    today: '2026-11-26',
    expect: {
      ready: true,
      unmet: [],
      requirements: [
        { id: 'category:education', earned: 36, required: 35, met: true },
        { id: 'total', earned: 60, required: 60, met: true },
      ],
    },
  },
  {
    source: PMI,
    says: 'working as a practitioner counts for at most 8 of the Giving Back PDUs',
    entry: 'pmi-pmp',
    certified: '2024-03-01',
    credits: [
      { date: '2024-05-01', units: 12, category: 'ways-of-working' },
      { date: '2024-06-01', units: 12, category: 'power-skills' },
      { date: '2024-07-01', units: 12, category: 'business-acumen' },
      { date: '2025-01-01', units: 15, category: 'work-as-practitioner' },
      { date: '2025-02-01', units: 10, category: 'giving-back' },
    ],
    today: '2026-11-26',
    expect: {
      ready: false,
      unmet: ['total'],
      requirements: [
        { id: 'cap:work-as-practitioner', earned: 8 },
        { id: 'cap:giving-back', earned: 18 },
        { id: 'total', earned: 54 },
      ],
    },
  },
  {
    source: PMI,
    says: 'a PMP not renewed by the end of its cycle is suspended for a year, by the end of which it must be renewed',
    entry: 'pmi-pmp',
    certified: '2022-06-20',
    today: '2026-01-15',
    expect: {
      firstCycle: { start: '2022-06-20', end: '2025-06-19' },
      state: 'suspended',
      deadlines: [{ kind: 'suspension-end', date: '2026-06-19' }],
    },
  },
  {
    source: PMI,
    says: 'the PMP renewal fee (US$60 members, US$150 non-members) is paid when renewing, by the end of the cycle',
    entry: 'pmi-pmp',
    certified: '2024-01-15',
    today: '2026-11-26',
    expect: { fees: [{ kind: 'renewal', date: '2027-01-14', amount: 150, memberAmount: 60 }] },
  },
  {
    source: PMI_TRIANGLE,
    says: 'a cycle begun before the 2022 renaming keeps the Technical, Leadership and Strategic sides, and PDUs under either name count',
    entry: 'pmi-pmp',
    certified: '2021-06-01',
    credits: [
      { date: '2022-01-10', units: 12, category: 'technical-project-management' },
      { date: '2022-06-01', units: 10, category: 'leadership' },
      { date: '2023-01-01', units: 10, category: 'strategic-business-management' },
      { date: '2023-03-01', units: 25, category: 'giving-back' },
      { date: '2023-09-01', units: 3, category: 'ways-of-working' },
    ],
    today: '2024-05-01',
    expect: {
      ready: true,
      unmet: [],
      requirements: [
        { id: 'category:technical-project-management', earned: 15, met: true },
        { id: 'category:education', earned: 35, met: true },
        { id: 'total', earned: 60, met: true },
      ],
    },
  },
  {
    source: PMI,
    says: 'PDUs earned in the last year of the cycle beyond the 60 carry into the next cycle',
    entry: 'pmi-pmp',
    certified: '2023-05-01',
    credits: [
      { date: '2023-09-01', units: 12, category: 'ways-of-working' },
      { date: '2023-09-02', units: 12, category: 'power-skills' },
      { date: '2023-09-03', units: 12, category: 'business-acumen' },
      { date: '2024-01-01', units: 14, category: 'giving-back' },
      { date: '2025-12-01', units: 20, category: 'ways-of-working' },
    ],
    today: '2026-04-01',
    expect: {
      ready: true,
      nextCycle: { start: '2026-05-01', end: '2029-04-30', carried: 10 },
    },
  },
  {
    source: PMI,
    says: 'the CAPM needs 15 PDUs in three years, at least 9 of Education, and counts at most 6 of Giving Back',
    entry: 'pmi-capm',
    certified: '2024-09-10',
    credits: [
      { date: '2025-01-15', units: 10, category: 'giving-back' },
      { date: '2025-02-01', units: 5, category: 'ways-of-working' },
    ],
    today: '2025-06-01',
    expect: {
      firstCycle: { start: '2024-09-10', end: '2027-09-09' },
      ready: false,
      unmet: ['total', 'category:education'],
      requirements: [
        { id: 'cap:giving-back', earned: 6 },
        { id: 'category:education', earned: 5, required: 9 },
        { id: 'total', earned: 11 },
      ],
      fees: [{ kind: 'renewal', date: '2027-09-09', amount: 150, memberAmount: 60 }],
    },
  },
  {
    source: PMI,
    says: 'PMI-ACP: 30 PDUs with 18 of Education; Giving Back counts for at most 12',
    entry: 'pmi-acp',
    certified: '2024-04-01',
    credits: [
      { date: '2024-06-01', units: 6, category: 'ways-of-working' },
      { date: '2024-07-01', units: 6, category: 'power-skills' },
      { date: '2024-08-01', units: 6, category: 'business-acumen' },
      { date: '2025-01-01', units: 15, category: 'giving-back' },
    ],
    today: '2026-01-01',
    expect: {
      ready: true,
      requirements: [
        { id: 'cap:giving-back', earned: 12 },
        { id: 'category:education', earned: 18, met: true },
        { id: 'total', earned: 30, met: true },
      ],
    },
  },

  // GIAC
  {
    source: GIAC,
    says: 'a GSEC renews every four years with 36 CPEs, of which community participation counts for at most 12',
    entry: 'giac-gsec',
    certified: '2023-04-20',
    credits: [
      { date: '2024-01-01', units: 20, category: 'community-participation' },
      { date: '2025-01-01', units: 10 },
    ],
    today: '2026-11-26',
    expect: {
      firstCycle: { start: '2023-04-20', end: '2027-04-19' },
      ready: false,
      unmet: ['total'],
      requirements: [
        { id: 'cap:community-participation', earned: 12 },
        { id: 'total', earned: 22 },
      ],
      fees: [{ kind: 'renewal', date: '2027-04-19', amount: 499 }],
    },
  },

  // EC-Council
  {
    source: EC_FEES,
    says: 'the annual fee is payable from the certification date: a CEH certified 5 May 2021 pays by 1 June 2022',
    entry: 'eccouncil-ceh',
    certified: '2021-05-05',
    today: '2021-12-01',
    expect: { fees: [{ kind: 'annual', date: '2022-06-01', amount: 80 }] },
  },
  {
    source: EC_SUSPENSION,
    says: 'a member short of 120 ECE credits after three years is suspended and has 12 months to earn them',
    entry: 'eccouncil-ceh',
    certified: '2022-05-05',
    today: '2025-08-01',
    expect: {
      firstCycle: { start: '2022-05-05', end: '2025-05-04' },
      state: 'suspended',
      deadlines: [{ kind: 'suspension-end', date: '2026-05-04' }],
    },
  },

  // Cisco
  {
    source: CISCO_CE,
    says: 'a CCNA renews every three years with 30 Continuing Education credits',
    entry: 'cisco-ccna',
    certified: '2024-09-01',
    credits: [{ date: '2025-03-01', units: 30 }],
    today: '2026-11-26',
    expect: {
      firstCycle: { start: '2024-09-01', end: '2027-08-31' },
      state: 'ready',
      ready: true,
    },
  },
  {
    source: CISCO_POLICY,
    says: 'a CCST earned since 15 July 2025 is valid for five years',
    entry: 'cisco-ccst-networking',
    certified: '2025-09-01',
    today: '2025-11-26',
    expect: { firstCycle: { start: '2025-09-01', end: '2030-08-31' } },
  },
  {
    source: CISCO_POLICY,
    says: 'a CCST earned before 15 July 2025 is valid for life: nothing to renew',
    entry: 'cisco-ccst-cybersecurity',
    certified: '2025-03-01',
    today: '2026-11-26',
    expect: { state: 'no-target' },
  },
  {
    source: CISCO_POLICY,
    says: 'the CCT is valid three years and renewed by exam; CE credits do not apply',
    entry: 'cisco-cct',
    certified: '2024-03-15',
    today: '2026-11-26',
    expect: { firstCycle: { start: '2024-03-15', end: '2027-03-14' } },
  },

  // AWS
  {
    source: AWS,
    says: 'AWS certifications are valid for three years from the date earned',
    entry: 'aws-clf',
    certified: '2024-07-01',
    today: '2026-11-26',
    expect: { firstCycle: { start: '2024-07-01', end: '2027-06-30' } },
  },
  {
    source: AWS,
    says: 'AWS certifications are valid for three years from the date earned',
    entry: 'aws-saa',
    certified: '2025-01-31',
    today: '2026-11-26',
    expect: { firstCycle: { start: '2025-01-31', end: '2028-01-30' } },
  },
  {
    source: AWS,
    says: 'AWS certifications are valid for three years from the date earned',
    entry: 'aws-dva',
    certified: '2024-10-31',
    today: '2026-11-26',
    expect: { firstCycle: { start: '2024-10-31', end: '2027-10-30' } },
  },

  // Microsoft
  {
    source: MICROSOFT,
    says: 'role-based certifications last a year and are renewed with the free online assessment',
    entry: 'ms-az-104',
    certified: '2025-03-20',
    today: '2025-11-26',
    expect: {
      firstCycle: { start: '2025-03-20', end: '2026-03-19' },
      fees: [{ kind: 'renewal', date: '2026-03-19', amount: 0 }],
    },
  },
  {
    source: MICROSOFT,
    says: 'an associate certification not renewed within its year expires: four days before, it expires soon',
    entry: 'ms-az-204',
    certified: '2024-12-01',
    today: '2025-11-26',
    expect: {
      firstCycle: { start: '2024-12-01', end: '2025-11-30' },
      state: 'expires-soon',
    },
  },
  {
    source: MICROSOFT,
    says: 'role-based certifications last a year from the date earned',
    entry: 'ms-pl-300',
    certified: '2025-06-30',
    today: '2025-11-26',
    expect: { firstCycle: { start: '2025-06-30', end: '2026-06-29' } },
  },
  {
    source: MICROSOFT,
    says: 'fundamentals certifications do not expire',
    entry: 'ms-az-900',
    certified: '2022-04-01',
    today: '2026-11-26',
    expect: { state: 'no-target' },
  },

  // Google Cloud
  {
    source: GOOGLE,
    says: 'the Associate Cloud Engineer is valid three years, and Google allows 30 days after expiry to recertify',
    entry: 'gcp-ace',
    certified: '2024-01-20',
    today: '2027-02-01',
    expect: {
      firstCycle: { start: '2024-01-20', end: '2027-01-19' },
      state: 'grace',
      deadlines: [{ kind: 'grace-end', date: '2027-02-18' }],
    },
  },

  // Linux Foundation
  {
    source: CNCF,
    says: 'a CKA earned from 1 April 2024 is valid for 24 months',
    entry: 'lf-cka',
    certified: '2024-05-10',
    today: '2025-11-26',
    expect: { firstCycle: { start: '2024-05-10', end: '2026-05-09' } },
  },
  {
    source: CNCF,
    says: 'a CKA earned before 1 April 2024 keeps its 36 months',
    entry: 'lf-cka',
    certified: '2023-05-10',
    today: '2025-11-26',
    expect: { firstCycle: { start: '2023-05-10', end: '2026-05-09' } },
  },

  // Red Hat
  {
    source: RED_HAT,
    says: 'an RHCSA is current for three years from the exam',
    entry: 'redhat-rhcsa',
    certified: '2024-03-01',
    today: '2026-11-26',
    expect: { firstCycle: { start: '2024-03-01', end: '2027-02-28' } },
  },

  // IAPP
  {
    source: IAPP,
    says: 'up to 10 CPEs earned in the last six months of the term beyond the 20 carry into the next; the US$250 maintenance fee covers the term',
    entry: 'iapp-cipp-us',
    certified: '2024-09-15',
    credits: [
      { date: '2025-03-01', units: 20 },
      { date: '2026-05-01', units: 12 },
    ],
    today: '2026-09-01',
    expect: {
      firstCycle: { start: '2024-09-15', end: '2026-09-14' },
      ready: true,
      fees: [{ kind: 'renewal', date: '2026-09-14', amount: 250 }],
      nextCycle: { start: '2026-09-15', end: '2028-09-14', carried: 10 },
    },
  },

  // Scrum Alliance
  {
    source: SCRUM,
    says: 'a CSM renews every two years with 20 SEUs and a US$100 fee',
    entry: 'scrum-csm',
    certified: '2025-02-01',
    today: '2025-11-26',
    expect: {
      firstCycle: { start: '2025-02-01', end: '2027-01-31' },
      fees: [{ kind: 'renewal', date: '2027-01-31', amount: 100 }],
    },
  },
  {
    source: SCRUM,
    says: 'a CSPO with 20 SEUs in its two years is ready to renew',
    entry: 'scrum-cspo',
    certified: '2024-10-10',
    credits: [{ date: '2025-06-01', units: 20 }],
    today: '2026-06-01',
    expect: {
      firstCycle: { start: '2024-10-10', end: '2026-10-09' },
      state: 'ready',
      ready: true,
    },
  },

  // PeopleCert
  {
    source: PEOPLECERT,
    says: 'the CPD route asks 20 points in each of the three years from the last exam',
    entry: 'peoplecert-itil4-foundation',
    certified: '2024-04-10',
    today: '2024-11-26',
    expect: {
      firstCycle: { start: '2024-04-10', end: '2027-04-09' },
      years: [
        { from: '2024-04-10', to: '2025-04-09', required: 20 },
        { from: '2025-04-10', to: '2026-04-09', required: 20 },
        { from: '2026-04-10', to: '2027-04-09', required: 20 },
      ],
    },
  },
  {
    source: PEOPLECERT,
    says: 'each year at least 5 points must come from professional experience, and professional education counts for at most 15',
    entry: 'peoplecert-itil4-foundation',
    certified: '2024-04-10',
    credits: [{ date: '2024-06-01', units: 20, category: 'professional-education' }],
    today: '2025-03-01',
    expect: {
      requirements: [
        { id: 'cap:professional-education:2024-04-10', earned: 15 },
        { id: 'year:2024-04-10', earned: 15, met: false },
        { id: 'category:professional-experience:2024-04-10', earned: 0, met: false },
      ],
    },
  },
  {
    source: PEOPLECERT,
    says: 'a PRINCE2 Foundation certificate is valid three years from the exam',
    entry: 'peoplecert-prince2-foundation',
    certified: '2025-01-15',
    today: '2025-11-26',
    expect: { firstCycle: { start: '2025-01-15', end: '2028-01-14' } },
  },

  // IIA
  {
    source: IIA,
    says: 'a new CIA is credited with the hours of the year of certification, so it is not behind in its first calendar year',
    entry: 'iia-cia',
    certified: '2025-03-10',
    today: '2025-11-26',
    expect: {
      firstCycle: { start: '2025-03-10', end: '2025-12-31' },
      ready: true,
      unmet: [],
    },
  },
  {
    source: IIA,
    says: "a new CIA is credited with the next calendar year's hours as well",
    entry: 'iia-cia',
    certified: '2025-03-10',
    cycle: { start: '2026-01-01', end: '2026-12-31' },
    today: '2026-06-01',
    expect: { ready: true, unmet: [] },
  },
  {
    source: IIA,
    says: 'from the third calendar year a CIA owes 40 hours, 2 of them on ethics',
    entry: 'iia-cia',
    certified: '2025-03-10',
    cycle: { start: '2027-01-01', end: '2027-12-31' },
    today: '2027-06-01',
    expect: { ready: false, unmet: ['total', 'category:ethics'] },
  },
  {
    source: IIA,
    says: 'surplus hours of a year may be used for the next, up to 20 for the CIA',
    entry: 'iia-cia',
    certified: '2020-05-01',
    cycle: { start: '2025-01-01', end: '2025-12-31' },
    credits: [
      { date: '2025-04-01', units: 53 },
      { date: '2025-10-01', units: 2, category: 'ethics' },
    ],
    today: '2025-12-15',
    expect: {
      ready: true,
      nextCycle: { start: '2026-01-01', end: '2026-12-31', carried: 15 },
    },
  },
  {
    source: IIA,
    says: 'years before 2023 were reported under the CPE Reporting Policy, which carried no surplus hours over',
    entry: 'iia-cia',
    certified: '2015-05-01',
    cycle: { start: '2022-01-01', end: '2022-12-31' },
    credits: [
      { date: '2022-04-01', units: 58 },
      { date: '2022-10-01', units: 2, category: 'ethics' },
    ],
    today: '2022-12-15',
    expect: {
      ready: true,
      nextCycle: { start: '2023-01-01', end: '2023-12-31', carried: 0 },
    },
  },
  {
    source: IIA,
    says: 'a CIA not renewed by 31 December enters Grace status for two years, without the use of the designation',
    entry: 'iia-cia',
    certified: '2019-03-01',
    cycle: { start: '2025-01-01', end: '2025-12-31' },
    today: '2026-03-01',
    expect: {
      state: 'suspended',
      deadlines: [{ kind: 'suspension-end', date: '2027-12-31' }],
    },
  },
  {
    source: IIA,
    says: 'a CRMA carries at most 10 surplus hours into the next year',
    entry: 'iia-crma',
    certified: '2018-01-01',
    cycle: { start: '2025-01-01', end: '2025-12-31' },
    credits: [
      { date: '2025-03-01', units: 33 },
      { date: '2025-09-01', units: 2, category: 'ethics' },
    ],
    today: '2025-12-15',
    expect: {
      ready: true,
      nextCycle: { start: '2026-01-01', end: '2026-12-31', carried: 10 },
    },
  },

  // ACFE
  {
    source: ACFE,
    says: 'a new CFE has nothing to certify until the first anniversary month',
    entry: 'acfe-cfe',
    certified: '2025-08-10',
    today: '2026-03-01',
    expect: {
      firstCycle: { start: '2025-08-10', end: '2026-08-31' },
      ready: true,
      unmet: [],
    },
  },
  {
    source: ACFE,
    says: 'a CFE needs 20 hours a year, 10 on fraud and 2 on ethics, and may carry up to 10 extra hours forward',
    entry: 'acfe-cfe',
    certified: '2021-08-10',
    cycle: { start: '2025-09-01', end: '2026-08-31' },
    credits: [
      { date: '2025-10-01', units: 12, category: 'fraud' },
      { date: '2025-11-01', units: 2, category: 'ethics' },
      { date: '2026-02-01', units: 10 },
    ],
    today: '2026-08-15',
    expect: {
      ready: true,
      nextCycle: { start: '2026-09-01', end: '2027-08-31', carried: 4 },
    },
  },
  {
    source: ACFE,
    says: '20 hours with only 8 on fraud do not meet the fraud minimum',
    entry: 'acfe-cfe',
    certified: '2021-08-10',
    cycle: { start: '2025-09-01', end: '2026-08-31' },
    credits: [
      { date: '2025-10-01', units: 8, category: 'fraud' },
      { date: '2025-11-01', units: 2, category: 'ethics' },
      { date: '2026-02-01', units: 10 },
    ],
    today: '2026-08-15',
    expect: { ready: false, unmet: ['category:fraud'] },
  },
  {
    source: ACFE,
    says: 'a new CFE is exempt until the first anniversary month only: the year after it needs 20 hours, 10 on fraud and 2 on ethics',
    entry: 'acfe-cfe',
    certified: '2025-03-10',
    // The first period ended by the membership month (January), as the notes ask to correct it.
    cycle: { start: '2026-02-01', end: '2027-01-31' },
    today: '2026-12-15',
    expect: { ready: false, unmet: ['total', 'category:fraud', 'category:ethics'] },
  },

  // CFP Board
  {
    source: CFP,
    says: 'the reporting period ends on the last day of the month; 30 hours without the 2 of approved ethics do not complete it',
    entry: 'cfp-cfp',
    certified: '2024-06-15',
    credits: [{ date: '2025-03-01', units: 30, category: 'general' }],
    today: '2026-05-01',
    expect: {
      firstCycle: { start: '2024-06-15', end: '2026-06-30' },
      ready: false,
      unmet: ['category:ethics'],
    },
  },
  {
    source: CFP,
    says: "a new holder's first CE requirement is prorated from certification to the end of the first period",
    entry: 'cfp-cfp',
    certified: '2025-03-10',
    cycle: { start: '2025-03-10', end: '2026-03-31' },
    credits: [
      { date: '2025-09-01', units: 15.5, category: 'general' },
      { date: '2025-10-01', units: 1.5, category: 'ethics' },
    ],
    today: '2026-03-01',
    expect: {
      ready: true,
      requirements: [
        { id: 'total', required: 16.5, met: true },
        { id: 'category:ethics', required: 1.5, met: true },
        { id: 'category:general', required: 15.5, met: true },
      ],
    },
  },

  // SHRM
  {
    source: SHRM_HANDBOOK,
    says: 'the period ends on the last day of a month, and 60 days of grace follow in which PDCs still count (with the late fee)',
    entry: 'shrm-cp',
    certified: '2025-01-10',
    today: '2028-02-15',
    expect: {
      firstCycle: { start: '2025-01-10', end: '2028-01-31' },
      state: 'grace',
      deadlines: [{ kind: 'grace-end', date: '2028-03-31' }],
    },
  },
  {
    source: SHRM_HANDBOOK,
    says: 'the recertification fee (US$165 members, US$210 non-members) is due by the end date; later, in the grace period, the late fee applies',
    entry: 'shrm-cp',
    certified: '2024-04-22',
    today: '2026-11-26',
    expect: {
      firstCycle: { start: '2024-04-22', end: '2027-04-30' },
      fees: [{ kind: 'renewal', date: '2027-04-30', amount: 210, memberAmount: 165 }],
      deadlines: [{ kind: 'late-fee', date: '2027-05-01' }],
    },
  },
  {
    source: SHRM_FAQ,
    says: 'recertifying with more than 60 PDCs carries up to 20 into the new period',
    entry: 'shrm-cp',
    certified: '2023-05-03',
    credits: [
      { date: '2024-01-01', units: 50 },
      { date: '2025-06-01', units: 25 },
    ],
    today: '2026-05-31',
    expect: {
      ready: true,
      nextCycle: { start: '2026-06-01', end: '2029-05-31', carried: 15 },
    },
  },
  {
    source: SHRM_HANDBOOK,
    says: 'Advance Your Organization counts for at most 20 PDCs',
    entry: 'shrm-scp',
    certified: '2024-07-01',
    credits: [
      { date: '2025-01-01', units: 30, category: 'advance-your-organization' },
      { date: '2025-06-01', units: 35 },
    ],
    today: '2026-11-26',
    expect: {
      firstCycle: { start: '2024-07-01', end: '2027-07-31' },
      ready: false,
      unmet: ['total'],
      requirements: [
        { id: 'cap:advance-your-organization', earned: 20 },
        { id: 'total', earned: 55 },
      ],
    },
  },

  // HRCI
  {
    source: HRCI_FEES,
    says: 'after the cycle a PHR is suspended for a year, in which it can still be recertified',
    entry: 'hrci-phr',
    certified: '2023-02-01',
    today: '2026-03-01',
    expect: {
      firstCycle: { start: '2023-02-01', end: '2026-01-31' },
      state: 'suspended',
      deadlines: [{ kind: 'suspension-end', date: '2027-01-31' }],
    },
  },
  {
    source: HRCI_FEES,
    says: 'the recertification fee is US$150, US$100 more once the cycle has ended',
    entry: 'hrci-phr',
    certified: '2024-05-01',
    today: '2026-11-26',
    expect: {
      fees: [{ kind: 'renewal', date: '2027-04-30', amount: 150 }],
      deadlines: [{ kind: 'late-fee', date: '2027-05-01' }],
    },
  },
  {
    source: HRCI,
    says: 'an SPHR needs 15 business credits among its 60: 14 are not enough',
    entry: 'hrci-sphr',
    certified: '2024-01-01',
    credits: [
      { date: '2024-06-01', units: 45 },
      { date: '2025-01-01', units: 1, category: 'ethics' },
      { date: '2025-06-01', units: 14, category: 'business' },
    ],
    today: '2026-11-26',
    expect: { ready: false, unmet: ['category:business'] },
  },

  // CPA Canada
  {
    source: CPA_ONTARIO,
    says: 'the CPD year is the calendar year: a member admitted in May owes the year of admission',
    entry: 'cpa-canada',
    certified: '2024-05-15',
    today: '2024-11-26',
    expect: { firstCycle: { start: '2024-05-15', end: '2024-12-31' } },
  },
  {
    source: CPA_ONTARIO,
    says: 'each year needs 20 hours (10 verifiable) and the three years to it 120: 40, 44 and 30 meet the year, the verifiable and the ethics hours, not the three years',
    entry: 'cpa-canada',
    certified: '2020-05-01',
    cycle: { start: '2026-01-01', end: '2026-12-31' },
    credits: [
      { date: '2024-09-01', units: 40, archived: true, category: 'verifiable' },
      { date: '2025-09-01', units: 40, archived: true },
      { date: '2025-10-01', units: 4, archived: true, category: 'ethics' },
      { date: '2026-03-01', units: 30, category: 'verifiable' },
    ],
    today: '2026-11-26',
    expect: {
      ready: false,
      unmet: ['rolling'],
      requirements: [
        { id: 'total', earned: 30, met: true },
        { id: 'rolling', earned: 114, required: 120, met: false },
        { id: 'rolling:verifiable', earned: 74, required: 60, met: true },
        { id: 'rolling:ethics', earned: 4, required: 4, met: true },
      ],
    },
  },
  {
    source: CPA_ONTARIO,
    says: 'the three years to each year need 60 verifiable hours and 4 of ethics among their 120: 120 hours with 30 verifiable and no ethics fall short of both',
    entry: 'cpa-canada',
    certified: '2020-05-01',
    cycle: { start: '2026-01-01', end: '2026-12-31' },
    credits: [
      { date: '2024-09-01', units: 40, archived: true, category: 'verifiable' },
      { date: '2025-09-01', units: 40, archived: true },
      { date: '2026-03-01', units: 20 },
      { date: '2026-04-01', units: 20 },
    ],
    today: '2026-11-26',
    expect: {
      ready: false,
      unmet: ['category:verifiable', 'rolling:verifiable', 'rolling:ethics'],
      requirements: [
        { id: 'rolling', earned: 120, required: 120, met: true },
        { id: 'rolling:verifiable', earned: 40, required: 60, met: false },
        { id: 'rolling:ethics', earned: 0, required: 4, met: false },
      ],
    },
  },
  {
    source: CPA_ONTARIO,
    says: "a new member's first three-year period is prorated: 40 hours in the first year, with the verifiable and ethics hours in proportion",
    entry: 'cpa-canada',
    certified: '2026-02-10',
    credits: [
      { date: '2026-03-01', units: 18, category: 'verifiable' },
      { date: '2026-04-01', units: 2, category: 'ethics' },
      { date: '2026-05-01', units: 20 },
    ],
    today: '2026-11-26',
    expect: {
      ready: true,
      unmet: [],
      requirements: [
        { id: 'rolling', earned: 40, required: 40, met: true },
        { id: 'rolling:verifiable', earned: 20, required: 20, met: true },
        { id: 'rolling:ethics', earned: 2, required: 1.5, met: true },
      ],
    },
  },
  {
    source: CPA_ONTARIO,
    says: 'a member admitted on 30 September owes the full year of admission: 20 hours, and the prorated 40',
    entry: 'cpa-canada',
    certified: '2026-09-30',
    credits: [{ date: '2026-10-15', units: 12, category: 'verifiable' }],
    today: '2026-11-26',
    expect: {
      ready: false,
      unmet: ['total', 'rolling', 'rolling:verifiable', 'rolling:ethics'],
      requirements: [
        { id: 'total', earned: 12, required: 20, met: false },
        { id: 'rolling', earned: 12, required: 40, met: false },
      ],
    },
  },
  {
    source: CPA_ONTARIO,
    says: 'a member admitted after 30 September is exempt for the year of admission',
    entry: 'cpa-canada',
    certified: '2026-10-01',
    today: '2026-11-26',
    expect: {
      firstCycle: { start: '2026-10-01', end: '2026-12-31' },
      ready: true,
      unmet: [],
      requirements: [
        { id: 'total', earned: 0, required: 20, met: true },
        { id: 'rolling', earned: 0, required: 40, met: true },
      ],
    },
  },
  {
    source: CPA_ONTARIO,
    says: "a member admitted after 30 September starts the prorated period the next year: 40 hours by its end, and 80 by the end of the one after, the exempt year's hours left out",
    entry: 'cpa-canada',
    certified: '2025-11-03',
    cycle: { start: '2027-01-01', end: '2027-12-31' },
    credits: [
      { date: '2025-12-01', units: 30, archived: true, category: 'verifiable' },
      { date: '2026-03-01', units: 36, archived: true, category: 'verifiable' },
      { date: '2026-04-01', units: 4, archived: true, category: 'ethics' },
      { date: '2027-03-01', units: 38, category: 'verifiable' },
    ],
    today: '2027-11-26',
    expect: {
      ready: false,
      unmet: ['rolling'],
      requirements: [
        { id: 'total', earned: 38, required: 20, met: true },
        { id: 'rolling', earned: 78, required: 80, met: false },
        { id: 'rolling:verifiable', earned: 78, required: 40, met: true },
        { id: 'rolling:ethics', earned: 4, required: 3, met: true },
      ],
    },
  },

  // CA ANZ
  {
    source: CA_ANZ,
    says: 'the triennium starts on 1 July after admission and its years run July to June; hours from admission count toward the first',
    entry: 'ca-anz',
    certified: '2024-03-10',
    credits: [{ date: '2024-05-01', units: 20, category: 'verifiable' }],
    today: '2024-11-26',
    expect: {
      firstCycle: { start: '2024-07-01', end: '2027-06-30' },
      years: [
        { from: '2024-07-01', to: '2025-06-30', required: 20 },
        { from: '2025-07-01', to: '2026-06-30', required: 20 },
        { from: '2026-07-01', to: '2027-06-30', required: 20 },
      ],
      requirements: [{ id: 'year:2024-07-01', earned: 20, met: true }],
    },
  },
  {
    source: CA_ANZ,
    says: 'a triennium needs verifiable ethics among its 90 verifiable hours: 120 verifiable hours without ethics fall short',
    entry: 'ca-anz',
    certified: '2020-03-10',
    cycle: { start: '2024-07-01', end: '2027-06-30' },
    credits: [
      { date: '2024-09-01', units: 40, category: 'verifiable' },
      { date: '2025-09-01', units: 40, category: 'verifiable' },
      { date: '2026-09-01', units: 40, category: 'verifiable' },
    ],
    today: '2027-06-20',
    expect: {
      ready: false,
      unmet: ['category:ethics'],
      requirements: [
        { id: 'category:verifiable', earned: 120, met: true },
        { id: 'category:ethics', earned: 0, required: 6, met: false },
      ],
    },
  },
];
