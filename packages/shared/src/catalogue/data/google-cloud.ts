/**
 * Google Cloud: Professional certifications are valid for two years, the
 * Cloud Digital Leader and Associate Cloud Engineer for three; renewal is by
 * passing the exam again.
 */
import type { AfterExpiry, BodyData, RenewalRule } from '../types';

const GOOGLE_GRACE: AfterExpiry = {
  kind: 'grace',
  days: 30,
  creditsCount: false,
  note: 'The renewal exam may still be taken up to 30 days after expiry.',
};

const TWO_YEARS: RenewalRule = {
  kind: 'exam',
  unit: null,
  total: null,
  cycleMonths: 24,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [],
  rollover: null,
  afterExpiry: [GOOGLE_GRACE],
  fees: [],
};

const THREE_YEARS: RenewalRule = {
  kind: 'exam',
  unit: null,
  total: null,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [],
  rollover: null,
  afterExpiry: [GOOGLE_GRACE],
  fees: [],
};

export const GOOGLE_CLOUD: BodyData = {
  body: 'Google Cloud',
  source: 'https://support.google.com/cloud-certification/answer/9907853',
  checked: '2026-11',
  uncertain: false,
  uncertainNote: null,
  notes:
    'Recertification opens 60 days before expiry, with a 50% discount code; Google allows 30 days after expiry to renew. Reminders come 90, 60 and 30 days before.',
  recommendable: true,
  renewal: TWO_YEARS,
  entries: [
    {
      id: 'gcp-cdl',
      name: 'CDL',
      fullName: 'Google Cloud Certified Cloud Digital Leader',
      aliases: ['Cloud Digital Leader', 'Google Cloud Digital Leader'],
      domains: ['cloud'],
      level: 1,
      nextSteps: ['gcp-ace'],
      renewal: THREE_YEARS,
    },
    {
      id: 'gcp-ace',
      name: 'ACE',
      fullName: 'Google Cloud Certified Associate Cloud Engineer',
      aliases: ['Associate Cloud Engineer', 'GCP ACE', 'Google ACE'],
      domains: ['cloud', 'systems'],
      level: 2,
      nextSteps: ['gcp-pca', 'gcp-pcdoe'],
      renewal: THREE_YEARS,
    },
    {
      id: 'gcp-pca',
      name: 'PCA',
      fullName: 'Google Cloud Certified Professional Cloud Architect',
      aliases: ['Professional Cloud Architect', 'GCP PCA', 'Google PCA'],
      domains: ['cloud', 'systems'],
      level: 4,
      nextSteps: ['gcp-pcse', 'gcp-pcne'],
    },
    {
      id: 'gcp-pde',
      name: 'PDE',
      fullName: 'Google Cloud Certified Professional Data Engineer',
      aliases: ['Professional Data Engineer', 'GCP PDE'],
      domains: ['data', 'cloud'],
      level: 3,
      nextSteps: ['gcp-pmle'],
    },
    {
      id: 'gcp-pcse',
      name: 'PCSE',
      fullName: 'Google Cloud Certified Professional Cloud Security Engineer',
      aliases: ['Professional Cloud Security Engineer', 'GCP PCSE'],
      domains: ['cloud', 'security'],
      level: 3,
      nextSteps: ['isc2-ccsp'],
    },
    {
      id: 'gcp-pcne',
      name: 'PCNE',
      fullName: 'Google Cloud Certified Professional Cloud Network Engineer',
      aliases: ['Professional Cloud Network Engineer', 'GCP PCNE'],
      domains: ['cloud', 'networking'],
      level: 3,
      nextSteps: [],
    },
    {
      id: 'gcp-pcdoe',
      name: 'PCDOE',
      fullName: 'Google Cloud Certified Professional Cloud DevOps Engineer',
      aliases: ['Professional Cloud DevOps Engineer', 'GCP DevOps Engineer'],
      domains: ['cloud', 'systems'],
      level: 3,
      nextSteps: ['gcp-pca'],
    },
    {
      id: 'gcp-pcd',
      name: 'PCD',
      fullName: 'Google Cloud Certified Professional Cloud Developer',
      aliases: ['Professional Cloud Developer', 'GCP PCD'],
      domains: ['cloud', 'software security'],
      level: 3,
      nextSteps: ['gcp-pcdoe'],
    },
    {
      id: 'gcp-pmle',
      name: 'PMLE',
      fullName: 'Google Cloud Certified Professional Machine Learning Engineer',
      aliases: ['Professional Machine Learning Engineer', 'GCP PMLE'],
      domains: ['data', 'cloud'],
      level: 4,
      nextSteps: [],
    },
  ],
};
