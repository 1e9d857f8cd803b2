/**
 * Cloud Security Alliance: the CCSK and CCZT are knowledge certificates
 * earned by an online exam; no renewal is asked of holders.
 */
import type { BodyData, RenewalRule } from '../types';

const LIFETIME: RenewalRule = {
  kind: 'none',
  unit: null,
  total: null,
  cycleMonths: null,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [],
  rollover: null,
  afterExpiry: [],
  fees: [],
};

export const CLOUD_SECURITY_ALLIANCE: BodyData = {
  body: 'Cloud Security Alliance',
  source: 'https://cloudsecurityalliance.org/education/ccsk-faq/',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    'No expiry: the CSA FAQ pages read describe the exam but state no expiry or renewal; that the certificates do not expire is the common understanding, not a sentence read on a CSA page.',
  notes:
    'A new version of the exam (CCSK v5 in 2024) does not invalidate a certificate earned on an earlier version; holders may take the new version to show current knowledge.',
  recommendable: true,
  renewal: LIFETIME,
  entries: [
    {
      id: 'csa-ccsk',
      name: 'CCSK',
      fullName: 'Certificate of Cloud Security Knowledge',
      aliases: ['CSA CCSK', 'CCSK v5'],
      domains: ['cloud', 'security'],
      level: 2,
      nextSteps: ['isc2-ccsp', 'csa-cczt', 'giac-gcld'],
    },
    {
      id: 'csa-cczt',
      name: 'CCZT',
      fullName: 'Certificate of Competence in Zero Trust',
      aliases: ['CSA CCZT'],
      domains: ['security', 'cloud', 'networking'],
      level: 2,
      nextSteps: ['isc2-ccsp', 'csa-ccsk'],
    },
  ],
};
