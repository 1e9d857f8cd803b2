/**
 * ServiceNow: mainline certifications are kept by passing a delta exam for
 * the yearly release window (mid-January to mid-April) and, from the second
 * year, paying the yearly Certification Maintenance Program (CMP) fee.
 */
import type { BodyData, RenewalRule } from '../types';

const DELTA: RenewalRule = {
  kind: 'assessment',
  unit: null,
  total: null,
  cycleMonths: 12,
  cycleStart: 'fixed',
  periodEnd: '2026-04-16',
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [],
  rollover: null,
  afterExpiry: [],
  fees: [
    {
      kind: 'annual',
      amount: 200,
      currency: 'USD',
      due: 'fixed-date',
      dueDate: '04-15',
      note: 'One yearly CMP fee covers all mainline certifications; it is charged only to holders certified a year or more, and may be paid with Learning Credits.',
    },
  ],
};

export const SERVICENOW: BodyData = {
  body: 'ServiceNow',
  source: 'https://nowlearning.servicenow.com/lxp?id=kb_article_view&sysparm_article=KB0011172',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Fee: US$200 is the 2025 CMP figure on ServiceNow's knowledge base; a 2026 community post gives US$100 (200 Learning Credits). Window end: 15 April 2025 and 16 April 2026 were the deadlines; the exact date moves each year.",
  notes:
    'Since 2023 the delta exam is yearly (it had been twice a year). The delta exam is short, open-book and unproctored, covering what changed in the release; the window opened 16 January and closed 16 April in 2026. A missed window expires every mainline certification, which must then be earned again with training and the full exam.',
  recommendable: true,
  renewal: DELTA,
  entries: [
    {
      id: 'snow-csa',
      name: 'ServiceNow CSA',
      fullName: 'ServiceNow Certified System Administrator',
      aliases: ['CSA ServiceNow', 'ServiceNow System Administrator'],
      domains: ['service management', 'systems'],
      level: 2,
      nextSteps: ['snow-cad', 'snow-cis-itsm'],
    },
    {
      id: 'snow-cad',
      name: 'ServiceNow CAD',
      fullName: 'ServiceNow Certified Application Developer',
      aliases: ['CAD ServiceNow', 'ServiceNow Application Developer'],
      domains: ['service management', 'software security'],
      level: 3,
      nextSteps: ['snow-cis-itsm'],
    },
    {
      id: 'snow-cis-itsm',
      name: 'CIS-ITSM',
      fullName: 'ServiceNow Certified Implementation Specialist - IT Service Management',
      aliases: ['ServiceNow CIS ITSM'],
      domains: ['service management'],
      level: 3,
      nextSteps: ['peoplecert-itil4-mp'],
    },
    {
      id: 'snow-cis-hr',
      name: 'CIS-HR',
      fullName: 'ServiceNow Certified Implementation Specialist - Human Resources',
      aliases: ['ServiceNow CIS HR', 'CIS-HRSD'],
      domains: ['service management', 'hr'],
      level: 3,
      nextSteps: ['snow-cis-itsm'],
    },
    {
      id: 'snow-cis-csm',
      name: 'CIS-CSM',
      fullName: 'ServiceNow Certified Implementation Specialist - Customer Service Management',
      aliases: ['ServiceNow CIS CSM'],
      domains: ['service management'],
      level: 3,
      nextSteps: ['snow-cis-itsm'],
    },
  ],
};
