/**
 * ACFE: 20 CPE hours every 12-month period (the membership year, ending in
 * the anniversary month), at least 10 fraud-related and 2 on ethics.
 */
import type { BodyData } from '../types';

export const ACFE: BodyData = {
  body: 'ACFE',
  source: 'https://www.acfe.com/cpe-compliance.aspx',
  checked: '2026-11',
  uncertain: false,
  uncertainNote: null,
  notes:
    'Certify compliance by the end of the anniversary month (the month membership renews); a 30-day extension may be requested. Annual membership dues must also be paid to keep the CFE (secondary sources: about US$190-225). Keep proof for three years.',
  recommendable: true,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 20,
    cycleMonths: 12,
    annualMinimum: null,
    annualYear: 'cycle',
    categories: [
      { id: 'fraud', label: 'Fraud detection and deterrence', min: 10, per: 'cycle' },
      { id: 'ethics', label: 'Ethics', min: 2, per: 'cycle' },
    ],
    activityCaps: [
      {
        kind: 'instruction',
        label: 'Instructing, including preparation',
        max: 10,
        per: 'cycle',
      },
    ],
    rollover: { max: 10, earnedInLastMonths: 12 },
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'acfe-cfe',
      name: 'CFE',
      fullName: 'Certified Fraud Examiner',
      aliases: ['ACFE CFE'],
      domains: ['fraud', 'audit'],
      level: 3,
      nextSteps: ['iia-cia', 'isaca-cisa'],
    },
  ],
};
