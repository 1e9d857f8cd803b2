/**
 * EC-Council: 120 ECE credits per certification over three years, and an
 * annual continuing-education fee set by the highest certification held,
 * due on the first day of the month after each certification anniversary.
 */
import type { AfterExpiry, BodyData, Fee, RenewalRule } from '../types';

const FEE_NOTE =
  'One annual fee covers every EC-Council certification held and is set by the highest one (US$80 standard and CAST, US$100 with C|CISO, US$250 with CPENT or LPT). It falls due on the first day of the month after each certification anniversary (certified 5 May 2021: due 1 June 2022). Unpaid, the credential is suspended with 60 days of grace to pay (no e-certificate, no ECE updates), then revoked. No late fee is published.';

const SUSPENSION: AfterExpiry = {
  kind: 'suspension',
  days: 365,
  creditsCount: true,
  note: 'A member who has not earned 120 ECE credits within the three years is suspended (no logos or member benefits) and has 12 months to earn them; then the certification is reinstated, the next window being three years from the old end. Otherwise it is revoked and the exam must be passed again.',
};

const STANDARD_FEE: Fee = {
  amount: 80,
  currency: 'USD',
  kind: 'annual',
  due: 'month-after-anniversary',
  note: FEE_NOTE,
};

const CCISO_FEE: Fee = {
  amount: 100,
  currency: 'USD',
  kind: 'annual',
  due: 'month-after-anniversary',
  note: FEE_NOTE,
};

const CPENT_FEE: Fee = {
  amount: 250,
  currency: 'USD',
  kind: 'annual',
  due: 'month-after-anniversary',
  note: FEE_NOTE,
};

const ECE: RenewalRule = {
  kind: 'credits',
  unit: 'ECE',
  total: 120,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [],
  rollover: null,
  afterExpiry: [SUSPENSION],
  fees: [STANDARD_FEE],
};

const ECE_CCISO: RenewalRule = {
  kind: 'credits',
  unit: 'ECE',
  total: 120,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [],
  rollover: null,
  afterExpiry: [SUSPENSION],
  fees: [CCISO_FEE],
};

const ECE_CPENT: RenewalRule = {
  kind: 'credits',
  unit: 'ECE',
  total: 120,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [],
  rollover: null,
  afterExpiry: [SUSPENSION],
  fees: [CPENT_FEE],
};

export const EC_COUNCIL: BodyData = {
  body: 'EC-Council',
  source: 'https://cert.eccouncil.org/ece-policy.html',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Annual minimum: some summaries state at least 20 ECE credits a year; EC-Council's ECE policy page states only 120 credits in three years, so none is recorded.",
  notes:
    'Credits earned apply to every EC-Council certification held, each within its own three-year window from the certification date. Fees: cert.eccouncil.org continuing-education fees and membership pages; the suspension year: EC-Council support.',
  recommendable: true,
  renewal: ECE,
  entries: [
    {
      id: 'eccouncil-ceh',
      name: 'CEH',
      fullName: 'Certified Ethical Hacker',
      aliases: ['EC-Council CEH', 'C|EH'],
      domains: ['offensive security', 'security'],
      level: 3,
      nextSteps: ['comptia-pentest-plus', 'eccouncil-cpent', 'giac-gpen'],
    },
    {
      id: 'eccouncil-cnd',
      name: 'CND',
      fullName: 'Certified Network Defender',
      aliases: ['EC-Council CND', 'C|ND'],
      domains: ['networking', 'security'],
      level: 2,
      nextSteps: ['eccouncil-ceh', 'eccouncil-csa'],
    },
    {
      id: 'eccouncil-chfi',
      name: 'CHFI',
      fullName: 'Computer Hacking Forensic Investigator',
      aliases: ['EC-Council CHFI', 'C|HFI'],
      domains: ['incident response', 'security'],
      level: 3,
      nextSteps: ['giac-gcfa', 'eccouncil-ecih'],
    },
    {
      id: 'eccouncil-ecih',
      name: 'ECIH',
      fullName: 'EC-Council Certified Incident Handler',
      aliases: ['E|CIH'],
      domains: ['incident response'],
      level: 3,
      nextSteps: ['eccouncil-chfi', 'giac-gcih'],
    },
    {
      id: 'eccouncil-ctia',
      name: 'CTIA',
      fullName: 'Certified Threat Intelligence Analyst',
      aliases: ['EC-Council CTIA', 'C|TIA'],
      domains: ['incident response', 'security'],
      level: 3,
      nextSteps: ['giac-gcti'],
    },
    {
      id: 'eccouncil-csa',
      name: 'CSA',
      fullName: 'Certified SOC Analyst',
      aliases: ['EC-Council CSA', 'C|SA'],
      domains: ['incident response', 'security'],
      level: 2,
      nextSteps: ['eccouncil-ecih', 'eccouncil-ctia'],
    },
    {
      id: 'eccouncil-cpent',
      name: 'CPENT',
      fullName: 'Certified Penetration Testing Professional',
      aliases: ['EC-Council CPENT', 'C|PENT'],
      domains: ['offensive security'],
      level: 4,
      nextSteps: ['eccouncil-lpt'],
      renewal: ECE_CPENT,
    },
    {
      id: 'eccouncil-lpt',
      name: 'LPT',
      fullName: 'Licensed Penetration Tester (Master)',
      aliases: ['LPT Master', 'EC-Council LPT'],
      domains: ['offensive security'],
      level: 4,
      nextSteps: [],
      renewal: ECE_CPENT,
    },
    {
      id: 'eccouncil-cciso',
      name: 'CCISO',
      fullName: 'Certified Chief Information Security Officer',
      aliases: ['C|CISO', 'EC-Council CCISO'],
      domains: ['governance', 'security', 'risk'],
      level: 4,
      nextSteps: ['isaca-cgeit'],
      renewal: ECE_CCISO,
    },
    {
      id: 'eccouncil-cct',
      // "CCT" alone is also Cisco's technician certification.
      name: 'EC-Council CCT',
      fullName: 'EC-Council Certified Cybersecurity Technician',
      aliases: ['Certified Cybersecurity Technician'],
      domains: ['security', 'it support'],
      level: 1,
      nextSteps: ['eccouncil-cnd', 'eccouncil-ceh'],
    },
    {
      id: 'eccouncil-case',
      name: 'CASE',
      fullName: 'Certified Application Security Engineer',
      aliases: ['EC-Council CASE', 'C|ASE'],
      domains: ['software security'],
      level: 3,
      nextSteps: ['isc2-csslp'],
    },
    {
      id: 'eccouncil-cast',
      name: 'EC-Council CAST',
      fullName: 'EC-Council Center for Advanced Security Training (CAST) certification',
      aliases: ['EC-Council Advanced Security Training'],
      domains: ['offensive security', 'security'],
      level: 4,
      nextSteps: ['eccouncil-cpent'],
      notes:
        'The CAST courses (advanced penetration testing, forensics, network defence) each lead to a certification under the ECE scheme with the standard annual fee.',
    },
    {
      id: 'eccouncil-edrp',
      name: 'EDRP',
      fullName: 'EC-Council Disaster Recovery Professional',
      aliases: ['E|DRP'],
      domains: ['risk', 'systems'],
      level: 3,
      nextSteps: ['isaca-crisc'],
    },
    {
      id: 'eccouncil-eces',
      name: 'ECES',
      fullName: 'EC-Council Certified Encryption Specialist',
      aliases: ['E|CES'],
      domains: ['security'],
      level: 2,
      nextSteps: ['eccouncil-ceh'],
    },
  ],
};
