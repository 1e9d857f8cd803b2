/**
 * CA ANZ: Chartered Accountants Australia and New Zealand. CPD over a
 * triennium starting on 1 July; requirements by designation since July 2021.
 */
import type { BodyData } from '../types';

export const CA_ANZ: BodyData = {
  body: 'CA ANZ',
  source:
    'https://www.charteredaccountantsanz.com/learning-and-events/managing-your-cpd/cpd-requirements',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "The 6 hours of ethics come from a summary of the CPD regulation; CA ANZ's own page asks for verifiable ethics training without stating hours.",
  notes:
    'The triennium starts on 1 July after admission, and its years run July to June; hours from admission count toward the first. Membership fees are not recorded. Verifiable ethics training is required: 6 hours a triennium, counted as verifiable. On-the-job training may count for up to half of the verifiable hours when recorded on the CA ANZ form. Holders of a registration or licence need 40% of their hours related to it. Members over 60 without a public practice certificate are exempt. Figures are for a CA; an ACA needs 90 (67 verifiable, 15 a year).',
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPD hours',
    total: 120,
    cycleMonths: 36,
    cycleStart: 'year-after',
    annualMinimum: 20,
    annualYear: 'fiscal',
    yearStartMonth: 7,
    partialYear: 'full',
    categories: [
      { id: 'verifiable', label: 'Verifiable CPD', min: 90, per: 'cycle' },
      { id: 'ethics', label: 'Ethics (verifiable)', min: 6, per: 'cycle', parent: 'verifiable' },
    ],
    activityCaps: [],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'ca-anz',
      name: 'CA ANZ',
      fullName: 'Chartered Accountant (Australia and New Zealand)',
      aliases: ['CA (ANZ)', 'Chartered Accountants ANZ', 'Chartered Accountant ANZ'],
      domains: ['accounting'],
      level: 3,
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
