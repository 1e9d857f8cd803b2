/**
 * IIA: CPE hours every calendar year, reported by 31 December, including
 * two hours of ethics.
 */
import type { BodyData, RenewalRule } from '../types';

const CIA: RenewalRule = {
  kind: 'credits',
  unit: 'CPE',
  total: 40,
  cycleMonths: 12,
  annualMinimum: null,
  annualYear: 'calendar',
  categories: [{ id: 'ethics', label: 'Ethics', min: 2, per: 'cycle' }],
  activityCaps: [],
  rollover: null,
  afterExpiry: [],
  fees: [],
};

const SPECIALTY: RenewalRule = {
  kind: 'credits',
  unit: 'CPE',
  total: 20,
  cycleMonths: 12,
  annualMinimum: null,
  annualYear: 'calendar',
  categories: [{ id: 'ethics', label: 'Ethics', min: 2, per: 'cycle' }],
  activityCaps: [],
  rollover: null,
  afterExpiry: [],
  fees: [],
};

export const IIA: BodyData = {
  body: 'IIA',
  source: 'https://www.theiia.org/leaderslink/index.cfm?iid=727&catid=0&aid=3798',
  checked: '2026-11',
  uncertain: false,
  uncertainNote: null,
  notes:
    "The CPE year is the calendar year, reported by 31 December in the IIA's certification system; missing it places the certification in grace (inactive) status. Non-practising holders need half the hours; retired holders none. New CIAs are credited with the hours for the year they pass and the next. A reporting fee per certification applies (US$30 in 2018, amount now not confirmed).",
  recommendable: true,
  renewal: CIA,
  entries: [
    {
      id: 'iia-cia',
      name: 'CIA',
      fullName: 'Certified Internal Auditor',
      aliases: ['IIA CIA'],
      domains: ['audit', 'governance', 'risk'],
      level: 3,
      nextSteps: ['iia-crma', 'isaca-cisa', 'acfe-cfe'],
    },
    {
      id: 'iia-crma',
      name: 'CRMA',
      fullName: 'Certification in Risk Management Assurance',
      aliases: ['IIA CRMA'],
      domains: ['risk', 'audit'],
      level: 4,
      nextSteps: ['isaca-crisc'],
      renewal: SPECIALTY,
    },
    {
      id: 'iia-iap',
      name: 'IAP',
      fullName: 'Internal Audit Practitioner',
      aliases: ['IIA IAP', 'IIA Internal Audit Practitioner'],
      domains: ['audit'],
      level: 2,
      nextSteps: ['iia-cia'],
      renewal: SPECIALTY,
      uncertain: true,
      uncertainNote:
        "The 20 hours for the Internal Audit Practitioner come from a training provider's table of IIA figures.",
    },
  ],
};
