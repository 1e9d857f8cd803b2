/**
 * Juniper Networks: JNCP certifications are active for three years and are
 * renewed by passing an exam (or taking a specified course) before they
 * expire.
 */
import type { BodyData, RenewalRule } from '../types';

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

export const JUNIPER: BodyData = {
  body: 'Juniper Networks',
  source: 'https://www.juniper.net/gb/en/training/certification/recertification.html',
  checked: '2026-11',
  uncertain: false,
  uncertainNote: null,
  notes:
    'Recertify by the exam of the same level (JNCIE: the professional-level exam) or a higher one in the same track; a pass renews the lower certifications in the track and every active Associate certification. A specified Juniper course may replace the exam, but not twice in a row, and its certificate must be submitted before expiry. An expired certification cannot be recertified: the track starts over.',
  recommendable: true,
  renewal: EXAM_3Y,
  entries: [
    {
      id: 'juniper-jncia-junos',
      name: 'JNCIA-Junos',
      fullName: 'Juniper Networks Certified Associate - Junos',
      aliases: ['Juniper JNCIA', 'JNCIA'],
      domains: ['networking'],
      level: 2,
      nextSteps: ['juniper-jncis-ent', 'juniper-jncis-sec'],
    },
    {
      id: 'juniper-jncis-ent',
      name: 'JNCIS-ENT',
      fullName: 'Juniper Networks Certified Specialist - Enterprise Routing and Switching',
      aliases: ['Juniper JNCIS-ENT'],
      domains: ['networking'],
      level: 3,
      nextSteps: ['juniper-jncip-ent'],
    },
    {
      id: 'juniper-jncip-ent',
      name: 'JNCIP-ENT',
      fullName: 'Juniper Networks Certified Professional - Enterprise Routing and Switching',
      aliases: ['Juniper JNCIP-ENT'],
      domains: ['networking'],
      level: 3,
      nextSteps: ['juniper-jncie-ent'],
    },
    {
      id: 'juniper-jncie-ent',
      name: 'JNCIE-ENT',
      fullName: 'Juniper Networks Certified Internet Expert - Enterprise Routing and Switching',
      aliases: ['Juniper JNCIE-ENT'],
      domains: ['networking'],
      level: 4,
      nextSteps: [],
    },
    {
      id: 'juniper-jncis-sec',
      name: 'JNCIS-SEC',
      fullName: 'Juniper Networks Certified Specialist - Security',
      aliases: ['Juniper JNCIS-SEC'],
      domains: ['networking', 'security'],
      level: 3,
      nextSteps: ['cisco-ccnp-security'],
    },
  ],
};
