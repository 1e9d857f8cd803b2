/**
 * PeopleCert (ITIL, PRINCE2): certifications issued or renewed since 2023
 * are valid for three years and are renewed by retaking the exam, passing a
 * further exam in the same product suite, or logging 20 CPD points a year for
 * three consecutive years (a PeopleCert Plus membership is needed for that).
 */
import type { BodyData, RenewalRule } from '../types';

const CPD_ROUTE: RenewalRule = {
  kind: 'credits',
  unit: 'CPD hours',
  total: 60,
  cycleMonths: 36,
  annualMinimum: 20,
  annualYear: 'cycle',
  categories: [
    {
      id: 'professional-experience',
      label: 'Professional experience (applying the practice at work, coaching, mentoring)',
      min: 5,
      per: 'year',
    },
    {
      id: 'professional-education',
      label: 'Professional education (certifications, courses, reading)',
      max: 15,
      per: 'year',
    },
  ],
  activityCaps: [],
  rollover: null,
  afterExpiry: [],
  fees: [],
};

export const PEOPLECERT: BodyData = {
  body: 'PeopleCert',
  source: 'https://www.peoplecert.org/help-and-support/FAQ',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "CPD route figures (20 points a year for 3 years, at least 5 from professional experience and at most 15 from professional education each year, 1 point per hour) come from training partners' summaries of PeopleCert's CPD guide; PeopleCert's FAQ describes the routes without figures.",
  notes:
    "Each year's 20 CPD points are due by the anniversary of the last exam passed in the product suite; one year of points does not extend the certification, three consecutive years extend it by three. Alternatives to CPD: retake the same exam, or pass another exam in the same product suite (which moves the renew-by date of the whole suite to three years after that exam). Certifications not renewed stay on the Successful Candidate Register, marked as needing renewal, and still count as prerequisites. The CPD route needs a paid PeopleCert Plus membership (its price is not recorded here).",
  recommendable: true,
  renewal: CPD_ROUTE,
  entries: [
    {
      id: 'peoplecert-itil4-foundation',
      name: 'ITIL 4 Foundation',
      fullName: 'ITIL 4 Foundation',
      aliases: ['ITIL Foundation', 'ITIL v4 Foundation', 'ITIL4 Foundation'],
      domains: ['service management'],
      level: 1,
      nextSteps: ['peoplecert-itil4-mp', 'comptia-a-plus'],
    },
    {
      id: 'peoplecert-itil4-mp',
      name: 'ITIL 4 Managing Professional',
      fullName: 'ITIL 4 Managing Professional',
      aliases: ['ITIL MP', 'ITIL 4 MP', 'ITIL Managing Professional'],
      domains: ['service management'],
      level: 3,
      nextSteps: ['peoplecert-itil4-sl'],
    },
    {
      id: 'peoplecert-itil4-sl',
      name: 'ITIL 4 Strategic Leader',
      fullName: 'ITIL 4 Strategic Leader',
      aliases: ['ITIL SL', 'ITIL 4 SL', 'ITIL Strategic Leader'],
      domains: ['service management', 'governance'],
      level: 4,
      nextSteps: ['isaca-cgeit'],
    },
    {
      id: 'peoplecert-prince2-foundation',
      name: 'PRINCE2 Foundation',
      fullName: 'PRINCE2 Foundation (PRojects IN Controlled Environments)',
      aliases: ['PRINCE2 Foundation Certificate in Project Management'],
      domains: ['project management'],
      level: 1,
      nextSteps: ['peoplecert-prince2-practitioner', 'pmi-capm'],
    },
    {
      id: 'peoplecert-prince2-practitioner',
      name: 'PRINCE2 Practitioner',
      fullName: 'PRINCE2 Practitioner (PRojects IN Controlled Environments)',
      aliases: ['PRINCE2 Practitioner Certificate in Project Management'],
      domains: ['project management'],
      level: 3,
      nextSteps: ['pmi-pmp', 'peoplecert-prince2-agile'],
    },
    {
      id: 'peoplecert-prince2-agile',
      name: 'PRINCE2 Agile Practitioner',
      fullName: 'PRINCE2 Agile Practitioner',
      aliases: ['PRINCE2 Agile'],
      domains: ['project management', 'agile'],
      level: 3,
      nextSteps: ['pmi-acp'],
    },
  ],
};
