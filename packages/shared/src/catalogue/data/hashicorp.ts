/**
 * HashiCorp: certifications expire two years after they are earned and are
 * renewed by passing the current exam again.
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

const ASSUMED =
  'Expiry: two years is stated on the Terraform certification page; it is assumed for this exam as HashiCorp certifications follow one policy.';

export const HASHICORP: BodyData = {
  body: 'HashiCorp',
  source: 'https://developer.hashicorp.com/certifications/infrastructure-automation',
  checked: '2026-11',
  uncertain: false,
  uncertainNote: null,
  notes:
    'Renewing means passing the current version of the exam (e.g. Terraform Associate 004 since January 2026); a new exam version does not cancel a badge before its expiry date, and both versions may be held at once. HashiCorp is part of IBM since 2025.',
  recommendable: true,
  renewal: EXAM_2Y,
  entries: [
    {
      id: 'hashicorp-terraform-associate',
      name: 'Terraform Associate',
      fullName: 'HashiCorp Certified: Terraform Associate',
      aliases: [
        'HashiCorp Terraform Associate',
        'Terraform Associate 003',
        'Terraform Associate 004',
      ],
      domains: ['cloud', 'systems'],
      level: 2,
      nextSteps: ['hashicorp-terraform-pro', 'hashicorp-vault-associate', 'lf-cka'],
    },
    {
      id: 'hashicorp-terraform-pro',
      name: 'Terraform Authoring and Operations Professional',
      fullName: 'HashiCorp Certified: Terraform Authoring and Operations Professional',
      aliases: ['Terraform Professional', 'HashiCorp Terraform Professional'],
      domains: ['cloud', 'systems'],
      level: 4,
      nextSteps: [],
      uncertain: true,
      uncertainNote: ASSUMED,
    },
    {
      id: 'hashicorp-vault-associate',
      name: 'Vault Associate',
      fullName: 'HashiCorp Certified: Vault Associate',
      aliases: ['HashiCorp Vault Associate', 'Vault Associate 003'],
      domains: ['security', 'cloud'],
      level: 2,
      nextSteps: ['hashicorp-vault-pro'],
      uncertain: true,
      uncertainNote: ASSUMED,
    },
    {
      id: 'hashicorp-vault-pro',
      name: 'Vault Operations Professional',
      fullName: 'HashiCorp Certified: Vault Operations Professional',
      aliases: ['HashiCorp Vault Professional', 'Vault Professional'],
      domains: ['security', 'cloud'],
      level: 4,
      nextSteps: [],
      uncertain: true,
      uncertainNote: ASSUMED,
    },
    {
      id: 'hashicorp-consul-associate',
      name: 'Consul Associate',
      fullName: 'HashiCorp Certified: Consul Associate',
      aliases: ['HashiCorp Consul Associate'],
      domains: ['networking', 'cloud'],
      level: 2,
      nextSteps: ['hashicorp-terraform-associate'],
      uncertain: true,
      uncertainNote: ASSUMED,
    },
  ],
};
