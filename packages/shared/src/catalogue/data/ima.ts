/**
 * IMA (Institute of Management Accountants): a CMA completes 30 CPE hours
 * every calendar year, 2 of them on ethics, from the January after passing
 * the exams.
 */
import type { BodyData, RenewalRule } from '../types';

const CMA_RULE: RenewalRule = {
  kind: 'credits',
  unit: 'CPE',
  total: 30,
  cycleMonths: 12,
  cycleStart: 'year-after',
  annualMinimum: null,
  annualYear: 'calendar',
  categories: [{ id: 'ethics', label: 'Ethics', min: 2, per: 'cycle' }],
  activityCaps: [],
  rollover: { max: 10, earnedInLastMonths: 12 },
  afterExpiry: [],
  fees: [],
};

export const IMA: BodyData = {
  body: 'IMA',
  source:
    'https://www.imanet.org/cma_certification/earning_maintaining_your_credential/continuing_education_faqs.aspx',
  checked: '2026-11',
  uncertain: false,
  uncertainNote: null,
  notes:
    'The requirement starts on 1 January after the exams are completed (finished June 2005: from 1 January 2006); hours earned in between count toward the first year. Up to 10 hours beyond the 30 carry into the next year, and up to 2 ethics hours beyond the 2 carry forward as ethics. Compliance is declared on the yearly IMA dues statement for the previous calendar year; records are kept three years for random checks. Failing the 30 hours makes the certification inactive until the hours are made up. Active IMA membership is required; dues not recorded.',
  recommendable: true,
  renewal: CMA_RULE,
  entries: [
    {
      id: 'ima-cma',
      name: 'CMA',
      fullName: 'Certified Management Accountant',
      aliases: ['IMA CMA', 'US CMA'],
      domains: ['accounting', 'financial planning'],
      level: 3,
      nextSteps: ['cfa-cfa', 'cima-cgma', 'aicpa-citp'],
    },
  ],
};
