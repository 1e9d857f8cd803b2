/**
 * Palo Alto Networks: certifications are valid for two years and renewed by
 * passing the current exam or a higher one.
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

const RETIRED =
  'Retired in 2025 with the move to role-based certifications; held certificates stay valid until their expiry, then renewal is through the new exams (NGFW Engineer for the PCNSE).';

export const PALO_ALTO_NETWORKS: BodyData = {
  body: 'Palo Alto Networks',
  source: 'https://www.rededucation.com/palo-alto-networks-certification-restructure-2026/',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Validity: the two years and the 2025 restructuring are from training partners' pages; no Palo Alto Networks page was read.",
  notes:
    'Passing a higher-level exam also renews lower certifications in the same track. Some guides describe a continuing-education credit option; it was not confirmed. There is no grace period after expiry.',
  recommendable: true,
  renewal: EXAM_2Y,
  entries: [
    {
      id: 'paloalto-pcnse',
      name: 'PCNSE',
      fullName: 'Palo Alto Networks Certified Network Security Engineer',
      aliases: ['Palo Alto PCNSE'],
      domains: ['networking', 'security'],
      level: 3,
      nextSteps: ['paloalto-ngfw-engineer', 'cisco-ccnp-security'],
      notes: RETIRED,
    },
    {
      id: 'paloalto-pcnsa',
      name: 'PCNSA',
      fullName: 'Palo Alto Networks Certified Network Security Administrator',
      aliases: ['Palo Alto PCNSA'],
      domains: ['networking', 'security'],
      level: 2,
      nextSteps: ['paloalto-pcnse', 'paloalto-ngfw-engineer'],
      notes: RETIRED,
    },
    {
      id: 'paloalto-pccet',
      name: 'PCCET',
      fullName: 'Palo Alto Networks Certified Cybersecurity Entry-level Technician',
      aliases: ['Palo Alto PCCET'],
      domains: ['security', 'networking'],
      level: 1,
      nextSteps: ['paloalto-pcnsa', 'comptia-security-plus'],
    },
    {
      id: 'paloalto-pccse',
      name: 'PCCSE',
      fullName: 'Palo Alto Networks Certified Cloud Security Engineer',
      aliases: ['Palo Alto PCCSE', 'Prisma Cloud Certified Cloud Security Engineer'],
      domains: ['cloud', 'security'],
      level: 3,
      nextSteps: ['isc2-ccsp'],
    },
    {
      id: 'paloalto-ngfw-engineer',
      name: 'NGFW Engineer',
      fullName: 'Palo Alto Networks Certified Next-Generation Firewall Engineer',
      aliases: ['Palo Alto NGFW Engineer', 'PAN NGFW Engineer'],
      domains: ['networking', 'security'],
      level: 3,
      nextSteps: ['cisco-ccnp-security'],
    },
  ],
};
