/**
 * Red Hat: a certification is current for three years from the most recent
 * qualifying exam; it is kept current by passing the exam again or a higher
 * one.
 */
import type { BodyData, RenewalRule } from '../types';

const RH_RULE: RenewalRule = {
  kind: 'exam',
  unit: null,
  total: null,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [],
  rollover: null,
  afterExpiry: [],
  fees: [],
};

export const RED_HAT: BodyData = {
  body: 'Red Hat',
  source: 'https://www.redhat.com/en/services/certification/renewal',
  checked: '2026-11',
  uncertain: false,
  uncertainNote: null,
  notes:
    'Earning RHCE, or passing an exam that counts toward RHCA, keeps an RHCSA current for three years from that exam.',
  recommendable: true,
  renewal: RH_RULE,
  entries: [
    {
      id: 'redhat-rhcsa',
      name: 'RHCSA',
      fullName: 'Red Hat Certified System Administrator',
      aliases: ['Red Hat RHCSA'],
      domains: ['systems'],
      level: 2,
      nextSteps: ['redhat-rhce', 'lf-cka'],
    },
    {
      id: 'redhat-rhce',
      name: 'RHCE',
      fullName: 'Red Hat Certified Engineer',
      aliases: ['Red Hat RHCE'],
      domains: ['systems'],
      level: 3,
      nextSteps: ['redhat-rhca'],
    },
    {
      id: 'redhat-rhca',
      name: 'RHCA',
      fullName: 'Red Hat Certified Architect',
      aliases: ['Red Hat RHCA'],
      domains: ['systems', 'cloud'],
      level: 4,
      nextSteps: [],
    },
    {
      id: 'redhat-openshift-admin',
      name: 'EX280',
      fullName: 'Red Hat Certified OpenShift Administrator',
      aliases: ['Red Hat OpenShift Administrator', 'OpenShift Administrator'],
      domains: ['cloud', 'systems'],
      level: 3,
      nextSteps: ['lf-cka'],
    },
  ],
};
