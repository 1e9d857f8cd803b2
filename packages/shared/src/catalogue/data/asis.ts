/**
 * ASIS International: CPP, PCI, PSP and APP holders recertify every three
 * years with 60 CPE credits; the term ends on 31 December of the third
 * full calendar year after the exam.
 */
import type { BodyData, RenewalRule } from '../types';

const ASIS_RULE: RenewalRule = {
  kind: 'credits',
  unit: 'CPE',
  total: 60,
  cycleMonths: 36,
  cycleStart: 'year-after',
  annualMinimum: null,
  annualYear: 'calendar',
  categories: [],
  activityCaps: [
    { kind: 'membership', label: 'Membership', max: 24, per: 'cycle' },
    { kind: 'instructor', label: 'Instructor', max: 30, per: 'cycle' },
    { kind: 'volunteer', label: 'Volunteer', max: 30, per: 'cycle' },
    { kind: 'safety', label: 'Safety-related learning (all categories)', max: 21, per: 'cycle' },
  ],
  rollover: null,
  afterExpiry: [],
  fees: [
    {
      kind: 'renewal',
      amount: 90,
      memberAmount: 70,
      currency: 'USD',
      due: 'cycle-end',
      note: 'Recertification fee payable every three years; ASIS invoices it once the CPE requirement is met.',
    },
  ],
};

export const ASIS: BodyData = {
  body: 'ASIS International',
  source: 'https://www.asisonline.org/certification/recertification/',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    'Fee: US$70 for members and US$90 for others is from an earlier ASIS recertification page; the current page does not state the amount.',
  notes:
    'A certificant who passed in April 2015 had until 31 December 2018. CPEs must relate to the domains of the certification and come from learning, teaching or service outside regular job duties; each CPE is entered for every ASIS certification it applies to. The application may be submitted any time in the third year. ASIS sends reminders for three months after the end date; reinstating a lapsed certification is possible within a year under its lapsed policy (details not read).',
  recommendable: true,
  renewal: ASIS_RULE,
  entries: [
    {
      id: 'asis-cpp',
      name: 'CPP',
      fullName: 'Certified Protection Professional',
      aliases: ['ASIS CPP'],
      domains: ['security', 'risk', 'governance'],
      level: 4,
      nextSteps: ['isc2-cissp', 'asis-psp'],
    },
    {
      id: 'asis-psp',
      name: 'PSP',
      fullName: 'Physical Security Professional',
      aliases: ['ASIS PSP'],
      domains: ['security', 'risk'],
      level: 3,
      nextSteps: ['asis-cpp'],
    },
    {
      id: 'asis-pci',
      name: 'PCI',
      fullName: 'Professional Certified Investigator',
      aliases: ['ASIS PCI'],
      domains: ['fraud', 'security'],
      level: 3,
      nextSteps: ['asis-cpp', 'acfe-cfe'],
    },
    {
      id: 'asis-app',
      name: 'APP',
      fullName: 'Associate Protection Professional',
      aliases: ['ASIS APP'],
      domains: ['security', 'risk'],
      level: 2,
      nextSteps: ['asis-cpp', 'asis-psp'],
    },
  ],
};
