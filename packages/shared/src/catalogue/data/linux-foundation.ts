/**
 * Linux Foundation and CNCF: certifications earned from 1 April 2024 are
 * valid for 24 months (36 before) and are renewed by passing the exam again.
 */
import type { BodyData, RenewalRule } from '../types';

const LF_RULE: RenewalRule = {
  kind: 'exam',
  unit: null,
  total: null,
  cycleMonths: 24,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [],
  rollover: null,
  afterExpiry: [],
  fees: [],
  since: '2024-04-01',
  earlier: [
    {
      before: '2024-04-01',
      rule: { cycleMonths: 36 },
      note: 'Certifications earned before 1 April 2024 keep their 36-month period.',
    },
  ],
};

export const LINUX_FOUNDATION: BodyData = {
  body: 'Linux Foundation',
  source:
    'https://www.cncf.io/blog/2024/03/01/aligning-certifications-to-kubernetes-support-windows/',
  checked: '2026-11',
  uncertain: false,
  uncertainNote: null,
  notes:
    'Certifications earned before 1 April 2024 kept their 36-month period; those earned since are valid 24 months. Renewal is by passing the current exam again before expiry; no continuing-education route, window after expiry or renewal fee beyond the exam price.',
  recommendable: true,
  renewal: LF_RULE,
  entries: [
    {
      id: 'lf-kcna',
      name: 'KCNA',
      fullName: 'Kubernetes and Cloud Native Associate',
      aliases: ['CNCF KCNA'],
      domains: ['cloud', 'systems'],
      level: 1,
      nextSteps: ['lf-cka', 'lf-ckad'],
    },
    {
      id: 'lf-kcsa',
      name: 'KCSA',
      fullName: 'Kubernetes and Cloud Native Security Associate',
      aliases: ['CNCF KCSA'],
      domains: ['cloud', 'security'],
      level: 1,
      nextSteps: ['lf-cks'],
    },
    {
      id: 'lf-cka',
      name: 'CKA',
      fullName: 'Certified Kubernetes Administrator',
      aliases: ['CNCF CKA'],
      domains: ['cloud', 'systems'],
      level: 3,
      nextSteps: ['lf-cks', 'lf-ckad'],
    },
    {
      id: 'lf-ckad',
      name: 'CKAD',
      fullName: 'Certified Kubernetes Application Developer',
      aliases: ['CNCF CKAD'],
      domains: ['cloud', 'software security'],
      level: 3,
      nextSteps: ['lf-cka'],
    },
    {
      id: 'lf-cks',
      name: 'CKS',
      fullName: 'Certified Kubernetes Security Specialist',
      aliases: ['CNCF CKS'],
      domains: ['cloud', 'security'],
      level: 4,
      nextSteps: ['isc2-ccsp'],
    },
    {
      id: 'lf-lfcs',
      name: 'LFCS',
      fullName: 'Linux Foundation Certified System Administrator',
      aliases: ['Linux Foundation System Administrator'],
      domains: ['systems'],
      level: 2,
      nextSteps: ['lf-cka', 'redhat-rhce'],
      uncertain: true,
      uncertainNote:
        'Validity: the CNCF announcement moving to 24 months names the Kubernetes exams only; LFCS is assumed to follow.',
    },
  ],
};
