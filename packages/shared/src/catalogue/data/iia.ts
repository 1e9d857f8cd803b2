/**
 * IIA: certifications are renewed every calendar year with CPE hours
 * (including two of ethics), attested by 31 December. Since the Annual
 * Certification Renewal Policy of 1 September 2023, surplus hours carry
 * into the next year and a missed year starts two years of Grace status.
 */
import type { AfterExpiry, BodyData, EarlierRule, Fee, RenewalRule } from '../types';

const GRACE_STATUS: AfterExpiry = {
  kind: 'suspension',
  days: 730,
  creditsCount: true,
  note: 'The IIA calls it Grace status: a holder who has not renewed by 31 December may not use the designation, but completing the renewal for the missed year (then the current one) returns it to Active. After two years in Grace the certification is revoked and the exams must be passed again (a revoked CIA can now be restored through a recertification application).',
};

const RENEWAL_FEE: Fee = {
  kind: 'renewal',
  amount: 120,
  memberAmount: 30,
  currency: 'USD',
  due: 'cycle-end',
  note: 'A renewal fee per certification each year, paid when renewing through the IIA (US$30 members, US$120 non-members); local institutes set their own prices and some pay the member fee for their members.',
};

const BEFORE_2023: EarlierRule = {
  before: '2023-01-01',
  rule: {
    rollover: null,
    afterExpiry: [
      {
        kind: 'suspension',
        days: 365,
        creditsCount: true,
        note: 'Under the CPE Reporting Policy before September 2023: one year in grace (inactive) status, then expired; an expired certification could be reinstated by reporting the missing hours.',
      },
    ],
  },
  note: 'Years before 2023 were reported under the CPE Reporting Policy: no carry-over of surplus hours and one year of grace status. The 2023 renewal, filed from October 2023, was the first under the Annual Certification Renewal Policy.',
};

const CIA: RenewalRule = {
  kind: 'credits',
  unit: 'CPE',
  total: 40,
  cycleMonths: 12,
  cycleStart: 'year-end',
  annualMinimum: null,
  annualYear: 'calendar',
  newlyCertifiedYears: 2,
  categories: [{ id: 'ethics', label: 'Ethics', min: 2, per: 'cycle' }],
  activityCaps: [],
  rollover: { max: 20, earnedInLastMonths: 12 },
  afterExpiry: [GRACE_STATUS],
  fees: [RENEWAL_FEE],
  since: '2023-09-01',
  earlier: [BEFORE_2023],
};

const SPECIALTY: RenewalRule = {
  kind: 'credits',
  unit: 'CPE',
  total: 20,
  cycleMonths: 12,
  cycleStart: 'year-end',
  annualMinimum: null,
  annualYear: 'calendar',
  newlyCertifiedYears: 2,
  categories: [{ id: 'ethics', label: 'Ethics', min: 2, per: 'cycle' }],
  activityCaps: [],
  rollover: { max: 10, earnedInLastMonths: 12 },
  afterExpiry: [GRACE_STATUS],
  fees: [RENEWAL_FEE],
  since: '2023-09-01',
  earlier: [BEFORE_2023],
};

export const IIA: BodyData = {
  body: 'IIA',
  source: 'https://theiia.org/CPErequirements',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Renewal fee (US$30 members, US$120 non-members) from a CPE provider's summary of the IIA fee schedule; the IIA's FAQ says only that fees vary with membership and with the institute renewed through. The two years credited to a new holder are from the IIA's earlier policy as summarised by training providers.",
  notes:
    "The renewal year is the calendar year: CPE must be earned and attested in the IIA's certification system (CCMS) by 31 December; renewal opens on 1 October. Figures are for practising holders: non-practising holders need half the hours, retired holders none. A new holder is credited with the hours of the year of certification and of the next. Since 1 September 2023, surplus hours of a year may be used for the next (up to 20 for the CIA, 10 for other IIA certifications); a holder who does not renew enters Grace status for two years (no use of the designation), then the certification is revoked.",
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
      notes:
        'The IIA lists 20 hours a year for the IAP starting in 2026; no requirement is listed for earlier years.',
    },
  ],
};
