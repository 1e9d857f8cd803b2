/**
 * SHRM: 60 professional development credits (PDCs) every three years, or a
 * retaken exam; the period ends on the last day of the birth month.
 */
import type { BodyData } from '../types';

export const SHRM: BodyData = {
  body: 'SHRM',
  source: 'https://www.shrm.org/credentials/certification/recertification',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Figures are from SHRM chapters' summaries of the recertification handbook (60 PDCs, 3 years, fee US$100 members / US$150 non-members); SHRM's own page was not read.",
  notes:
    'The recertification period ends on the last day of the birth month; renewing early does not move the end date. PDCs earned beyond 60 do not carry over. Some PDC categories have caps. A recertification application fee is paid when renewing (US$100 members, US$150 non-members, per chapter summaries).',
  recommendable: true,
  renewal: {
    kind: 'credits',
    unit: 'PDC',
    total: 60,
    cycleMonths: 36,
    annualMinimum: null,
    annualYear: null,
    categories: [],
    activityCaps: [],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'shrm-cp',
      name: 'SHRM-CP',
      fullName: 'SHRM Certified Professional',
      aliases: ['SHRM CP'],
      domains: ['hr'],
      level: 3,
      nextSteps: ['shrm-scp', 'hrci-phr'],
    },
    {
      id: 'shrm-scp',
      name: 'SHRM-SCP',
      fullName: 'SHRM Senior Certified Professional',
      aliases: ['SHRM SCP'],
      domains: ['hr'],
      level: 4,
      nextSteps: ['hrci-sphr', 'hrci-gphr'],
    },
  ],
};
