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
    'Compliance is certified by the end of the anniversary month (the month membership renews each year); the catalogue places it at the end of the month of certification, so correct the stored end date if the membership month differs. A new CFE is exempt until the first anniversary month. A 30-day extension may be requested (more case by case). Not certifying in time suspends the CFE (no use of the credential) until the missing hours of each suspended year are earned; after five years of suspensions the holder becomes an Associate member and must pass the exam again. Annual membership dues must also be paid to keep the CFE (amount not read on the ACFE site). Keep proof for three years.',
  recommendable: true,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 20,
    cycleMonths: 12,
    cycleStart: 'month-end',
    firstCycle: 'exempt',
    annualMinimum: null,
    annualYear: null,
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
    afterExpiry: [
      {
        kind: 'suspension',
        days: 1826,
        creditsCount: true,
        note: 'CPE suspension: the CFE may not be used until the 20 hours (10 fraud, 2 ethics) of each suspended year are earned and certified; after five years of suspensions the holder becomes an Associate member.',
      },
    ],
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
