/**
 * Fortinet: certifications of the Fortinet Certification Program (since
 * October 2023) last two years (the FCX three) and are renewed by passing a
 * qualifying exam before they expire; the new expiry counts from that pass.
 */
import type { BodyData, RenewalRule } from '../types';

const EXAM_2Y: RenewalRule = {
  kind: 'exam',
  unit: null,
  total: null,
  cycleMonths: 24,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [],
  rollover: null,
  afterExpiry: [],
  fees: [],
};

const COURSES_2Y: RenewalRule = {
  kind: 'assessment',
  unit: null,
  total: null,
  cycleMonths: 24,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [],
  rollover: null,
  afterExpiry: [],
  fees: [],
};

const EXAM_3Y: RenewalRule = {
  kind: 'exam',
  unit: null,
  total: null,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [],
  rollover: null,
  afterExpiry: [],
  fees: [],
};

export const FORTINET: BodyData = {
  body: 'Fortinet',
  source:
    'https://helpdesk.training.fortinet.com/en/support/solutions/articles/73000571109-recertification',
  checked: '2026-11',
  uncertain: false,
  uncertainNote: null,
  notes:
    'A certification must still be active to be recertified. Each recertification sets the expiry two years (FCX: three) after the date the requirement is met, not after the old expiry (FCP achieved 1 November 2023, NSE 6 passed 1 February 2025: new expiry 1 February 2027). Achieving or renewing the FCX renews the lower certifications for three years. The former NSE 1-8 certifications were honoured until their expiry and could not be renewed after 1 October 2023.',
  recommendable: true,
  renewal: EXAM_2Y,
  entries: [
    {
      id: 'fortinet-fcf',
      name: 'FCF',
      fullName: 'Fortinet Certified Fundamentals in Cybersecurity',
      aliases: ['Fortinet FCF', 'Fortinet Certified Fundamentals'],
      domains: ['security', 'networking'],
      level: 1,
      nextSteps: ['fortinet-fca'],
      renewal: COURSES_2Y,
      notes:
        'Renewed by completing one core and one elective FCF course (within two years of each other), or by any FCA or higher exam.',
    },
    {
      id: 'fortinet-fca',
      name: 'FCA',
      fullName: 'Fortinet Certified Associate in Cybersecurity',
      aliases: ['Fortinet FCA', 'Fortinet Certified Associate'],
      domains: ['security', 'networking'],
      level: 2,
      nextSteps: ['fortinet-fcp-network-security'],
      notes: 'Renewed by the FCA course and FortiGate Operator exam, or any NSE 4 to 7 exam.',
    },
    {
      id: 'fortinet-fcp-network-security',
      name: 'FCP Network Security',
      fullName: 'Fortinet Certified Professional - Network Security',
      aliases: [
        'Fortinet FCP',
        'FCP - Network Security',
        'Fortinet Certified Professional Network Security',
      ],
      domains: ['networking', 'security'],
      level: 3,
      nextSteps: ['fortinet-fcss-network-security', 'paloalto-ngfw-engineer'],
      notes: 'Renewed by one NSE 6 or NSE 7 exam in the same track, or the initial exams again.',
    },
    {
      id: 'fortinet-fcss-network-security',
      name: 'FCSS Network Security',
      fullName: 'Fortinet Certified Solution Specialist - Network Security',
      aliases: ['Fortinet FCSS', 'FCSS - Network Security'],
      domains: ['networking', 'security'],
      level: 4,
      nextSteps: ['fortinet-fcx'],
    },
    {
      id: 'fortinet-fcx',
      name: 'FCX',
      fullName: 'Fortinet Certified Expert in Cybersecurity',
      aliases: ['Fortinet FCX', 'NSE 8'],
      domains: ['networking', 'security'],
      level: 4,
      nextSteps: [],
      renewal: EXAM_3Y,
      notes: 'Renewed by passing the written exam, no earlier than six months before expiry.',
    },
  ],
};
