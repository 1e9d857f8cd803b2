/**
 * OffSec: most certifications never expire. OSCP+, OSTH and OSIR expire
 * after three years and are kept with 120 CPE credits over the three-year
 * cycle plus yearly coverage (the Annual Maintenance Fee or the Annual
 * Membership Program), or by passing the exam again.
 */
import type { BodyData, RenewalRule } from '../types';

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

const CPE_PROGRAM: RenewalRule = {
  kind: 'credits',
  unit: 'CPE',
  total: 120,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [],
  rollover: null,
  afterExpiry: [],
  fees: [
    {
      kind: 'annual',
      amount: 145,
      currency: 'USD',
      due: 'cycle-anniversary',
      note: 'Annual Maintenance Fee (AMF), one of the two ways to keep the yearly coverage the CPE program asks for; the Annual Membership Program (AMP) covers it instead.',
    },
  ],
};

const EXPIRING_NOTE =
  'Kept either through the CPE program (120 CPE credits in the three-year cycle and yearly coverage through AMF or AMP) or by passing the exam again. OffSec describes an expiry grace period in its CPE handbook; its length was not found, so none is recorded.';

export const OFFSEC: BodyData = {
  body: 'OffSec',
  source: 'https://help.offsec.com/hc/en-us/articles/35366391096596',
  checked: '2026-11',
  uncertain: false,
  uncertainNote: null,
  notes:
    'OffSec (formerly Offensive Security) says most of its certifications remain valid indefinitely; only OSCP+, OSAI+, OSCC-SEC, OSCC-SJD, OSTH and OSIR expire after three years. CPE credits must align with the certification body of knowledge; OffSec training, labs and external activities all count.',
  recommendable: true,
  renewal: LIFETIME,
  entries: [
    {
      id: 'offsec-oscp',
      name: 'OSCP',
      fullName: 'OffSec Certified Professional',
      aliases: ['Offensive Security Certified Professional', 'OffSec OSCP', 'PEN-200'],
      domains: ['offensive security', 'security'],
      level: 3,
      nextSteps: ['offsec-osep', 'offsec-oswe', 'offsec-osed'],
      notes:
        'Passing the OSCP exam since 1 November 2024 also awards OSCP+, which expires; the OSCP itself does not.',
    },
    {
      id: 'offsec-oscp-plus',
      name: 'OSCP+',
      fullName: 'OffSec Certified Professional Plus',
      aliases: ['OSCP Plus', 'OffSec OSCP+'],
      domains: ['offensive security', 'security'],
      level: 3,
      nextSteps: ['offsec-osep', 'offsec-oswe', 'offsec-osed'],
      renewal: CPE_PROGRAM,
      notes: EXPIRING_NOTE,
    },
    {
      id: 'offsec-osep',
      name: 'OSEP',
      fullName: 'OffSec Experienced Penetration Tester',
      aliases: ['Offensive Security Experienced Penetration Tester', 'PEN-300'],
      domains: ['offensive security'],
      level: 4,
      nextSteps: ['offsec-osce3', 'offsec-oswe'],
    },
    {
      id: 'offsec-oswe',
      name: 'OSWE',
      fullName: 'OffSec Web Expert',
      aliases: ['Offensive Security Web Expert', 'WEB-300'],
      domains: ['offensive security', 'software security'],
      level: 4,
      nextSteps: ['offsec-osce3', 'offsec-osep'],
    },
    {
      id: 'offsec-osed',
      name: 'OSED',
      fullName: 'OffSec Exploit Developer',
      aliases: ['Offensive Security Exploit Developer', 'EXP-301'],
      domains: ['offensive security', 'software security'],
      level: 4,
      nextSteps: ['offsec-osce3', 'offsec-osee'],
    },
    {
      id: 'offsec-osce3',
      name: 'OSCE3',
      fullName: 'OffSec Certified Expert 3',
      aliases: ['Offensive Security Certified Expert 3'],
      domains: ['offensive security'],
      level: 4,
      nextSteps: ['offsec-osee'],
      notes: 'Awarded to holders of OSEP, OSWE and OSED together.',
    },
    {
      id: 'offsec-osee',
      name: 'OSEE',
      fullName: 'OffSec Exploitation Expert',
      aliases: ['Offensive Security Exploitation Expert', 'EXP-401'],
      domains: ['offensive security', 'software security'],
      level: 4,
      nextSteps: [],
    },
    {
      id: 'offsec-oswa',
      name: 'OSWA',
      fullName: 'OffSec Web Assessor',
      aliases: ['Offensive Security Web Assessor', 'WEB-200'],
      domains: ['offensive security', 'software security'],
      level: 3,
      nextSteps: ['offsec-oswe'],
    },
    {
      id: 'offsec-oswp',
      name: 'OSWP',
      fullName: 'OffSec Wireless Professional',
      aliases: ['Offensive Security Wireless Professional', 'PEN-210'],
      domains: ['offensive security', 'networking'],
      level: 2,
      nextSteps: ['offsec-oscp'],
    },
    {
      id: 'offsec-osda',
      name: 'OSDA',
      fullName: 'OffSec Defense Analyst',
      aliases: ['Offensive Security Defense Analyst', 'SOC-200'],
      domains: ['incident response', 'security'],
      level: 3,
      nextSteps: ['offsec-osth', 'offsec-osir'],
    },
    {
      id: 'offsec-osth',
      name: 'OSTH',
      fullName: 'OffSec Threat Hunter',
      aliases: ['TH-200'],
      domains: ['incident response', 'security'],
      level: 3,
      nextSteps: ['offsec-osir', 'giac-gcti'],
      renewal: CPE_PROGRAM,
      notes: EXPIRING_NOTE,
    },
    {
      id: 'offsec-osir',
      name: 'OSIR',
      fullName: 'OffSec Incident Responder',
      aliases: ['IR-200'],
      domains: ['incident response', 'security'],
      level: 3,
      nextSteps: ['offsec-osth', 'giac-gcfa'],
      renewal: CPE_PROGRAM,
      notes: EXPIRING_NOTE,
    },
  ],
};
