/**
 * Scaled Agile: SAFe certifications are renewed every year; holders keep
 * their own record of the professional development hours (PDUs) SAFe asks
 * for each year and pay the renewal.
 */
import type { BodyData, RenewalRule } from '../types';

const PDU10: RenewalRule = {
  kind: 'credits',
  unit: 'PDU',
  total: 10,
  cycleMonths: 12,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [],
  rollover: null,
  afterExpiry: [],
  fees: [],
};

const SPC_RULE: RenewalRule = {
  kind: 'credits',
  unit: 'PDU',
  total: 40,
  cycleMonths: 12,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [],
  rollover: null,
  afterExpiry: [],
  fees: [],
};

export const SCALED_AGILE: BodyData = {
  body: 'Scaled Agile',
  source: 'https://www.scaledagile.com/certification-faqs/',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Cycle: the one-year validity from the certification date is from training providers' pages; Scaled Agile's FAQ gives only the yearly PDU figures. Renewal fee not recorded (amounts seen only second-hand).",
  notes:
    "PDUs (continuing education or outreach hours: courses, conferences, meetups, books, articles) are tracked by the holder; Scaled Agile has no reporting system for them. Renewal is done on the SAFe platform (now with a SAFe Studio membership), and one renewal covers all the holder's SAFe certifications.",
  recommendable: true,
  renewal: PDU10,
  entries: [
    {
      id: 'safe-sa',
      name: 'SAFe SA',
      fullName: 'Certified SAFe Agilist',
      aliases: ['SAFe Agilist', 'Leading SAFe'],
      domains: ['agile', 'project management'],
      level: 3,
      nextSteps: ['safe-spc', 'safe-lpm', 'safe-rte'],
    },
    {
      id: 'safe-sp',
      name: 'SAFe SP',
      fullName: 'Certified SAFe Practitioner',
      aliases: ['SAFe Practitioner', 'SAFe for Teams'],
      domains: ['agile'],
      level: 2,
      nextSteps: ['safe-ssm', 'safe-sa'],
    },
    {
      id: 'safe-ssm',
      name: 'SAFe SSM',
      fullName: 'Certified SAFe Scrum Master',
      aliases: ['SAFe Scrum Master'],
      domains: ['agile', 'project management'],
      level: 2,
      nextSteps: ['safe-sasm', 'safe-rte'],
    },
    {
      id: 'safe-sasm',
      name: 'SAFe SASM',
      fullName: 'Certified SAFe Advanced Scrum Master',
      aliases: ['SAFe Advanced Scrum Master'],
      domains: ['agile', 'project management'],
      level: 3,
      nextSteps: ['safe-rte'],
    },
    {
      id: 'safe-popm',
      name: 'SAFe POPM',
      fullName: 'Certified SAFe Product Owner/Product Manager',
      aliases: ['SAFe Product Owner Product Manager', 'SAFe PO/PM'],
      domains: ['agile', 'project management'],
      level: 3,
      nextSteps: ['safe-lpm', 'safe-sa'],
    },
    {
      id: 'safe-rte',
      name: 'SAFe RTE',
      fullName: 'Certified SAFe Release Train Engineer',
      aliases: ['SAFe Release Train Engineer'],
      domains: ['agile', 'project management'],
      level: 4,
      nextSteps: ['safe-spc'],
    },
    {
      id: 'safe-sdp',
      name: 'SAFe SDP',
      fullName: 'Certified SAFe DevOps Practitioner',
      aliases: ['SAFe DevOps Practitioner', 'SAFe DevOps'],
      domains: ['agile', 'systems'],
      level: 3,
      nextSteps: ['safe-rte'],
    },
    {
      id: 'safe-lpm',
      name: 'SAFe LPM',
      fullName: 'Certified SAFe Lean Portfolio Manager',
      aliases: ['SAFe Lean Portfolio Manager'],
      domains: ['agile', 'project management', 'governance'],
      level: 4,
      nextSteps: ['safe-spc', 'pmi-pfmp'],
      uncertain: true,
      uncertainNote:
        "Total: not in the FAQ's table; the 10 hours of the other practitioner certifications is assumed.",
    },
    {
      id: 'safe-spc',
      name: 'SAFe SPC',
      fullName: 'Certified SAFe Practice Consultant',
      aliases: ['SAFe Program Consultant', 'SAFe Practice Consultant', 'SPC'],
      domains: ['agile', 'project management'],
      level: 4,
      nextSteps: [],
      renewal: SPC_RULE,
      notes:
        'Besides 40 hours of continuing education or outreach, 160 hours of SAFe consulting a year are asked; those are not credits and are not tracked here.',
    },
  ],
};
