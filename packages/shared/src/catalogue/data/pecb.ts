/**
 * PECB: Lead-level certificates last three years; holders report CPD hours
 * and pay an Annual Maintenance Fee each year, and renew when the three-year
 * total is reached. Foundation, Provisional and Transition credentials need
 * no maintenance.
 */
import type { BodyData, RenewalRule } from '../types';

const LEAD: RenewalRule = {
  kind: 'credits',
  unit: 'CPD hours',
  total: 90,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [],
  rollover: null,
  afterExpiry: [],
  fees: [],
};

const FOUNDATION: RenewalRule = {
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

export const PECB: BodyData = {
  body: 'PECB',
  source: 'https://pecb.com/en/certification-maintenance',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Total: 90 CPD hours per three years for Lead credentials is inferred from PECB's worked example (20 + 10 + 60 hours meets the three-year minimum while 20 in a year falls short of the yearly figure, so about 30 a year); the policy's appendix with the figures per credential was not read. AMF amount not found.",
  notes:
    'Counted from the certification date. PECB expects certification-related activity every year (about a third of the total) but renews when the three-year total is met, even if single years fell short. CPD includes audit or implementation work, training, seminars, coaching, private study and publications. An Annual Maintenance Fee (AMF) is due each year from the certification date; its amount was not found on the pages read. Auditor-level credentials (e.g. Auditor, Senior Lead Auditor) have their own hour figures.',
  recommendable: true,
  renewal: LEAD,
  entries: [
    {
      id: 'pecb-iso27001-la',
      name: 'ISO/IEC 27001 Lead Auditor',
      fullName: 'PECB Certified ISO/IEC 27001 Lead Auditor',
      aliases: ['PECB ISO 27001 Lead Auditor', 'ISO 27001 LA', 'PECB 27001 LA'],
      domains: ['audit', 'security', 'governance'],
      level: 3,
      nextSteps: ['isaca-cisa', 'pecb-iso27001-li', 'pecb-iso27701-li'],
    },
    {
      id: 'pecb-iso27001-li',
      name: 'ISO/IEC 27001 Lead Implementer',
      fullName: 'PECB Certified ISO/IEC 27001 Lead Implementer',
      aliases: ['PECB ISO 27001 Lead Implementer', 'ISO 27001 LI', 'PECB 27001 LI'],
      domains: ['security', 'governance', 'risk'],
      level: 3,
      nextSteps: ['pecb-iso27001-la', 'isaca-cism', 'pecb-iso27005-rm'],
    },
    {
      id: 'pecb-iso27005-rm',
      name: 'ISO/IEC 27005 Risk Manager',
      fullName: 'PECB Certified ISO/IEC 27005 Risk Manager',
      aliases: ['PECB ISO 27005 Risk Manager', 'ISO 27005 Risk Manager'],
      domains: ['risk', 'security'],
      level: 3,
      nextSteps: ['isaca-crisc', 'pecb-iso31000-rm'],
      notes:
        'Risk Manager credentials have their own hour figures in the policy appendix, not read.',
    },
    {
      id: 'pecb-iso31000-rm',
      name: 'ISO 31000 Risk Manager',
      fullName: 'PECB Certified ISO 31000 Risk Manager',
      aliases: ['PECB ISO 31000 Risk Manager', 'ISO 31000 Lead Risk Manager'],
      domains: ['risk', 'governance'],
      level: 3,
      nextSteps: ['isaca-crisc', 'pmi-rmp'],
      notes:
        'Risk Manager credentials have their own hour figures in the policy appendix, not read.',
    },
    {
      id: 'pecb-iso27701-li',
      name: 'ISO/IEC 27701 Lead Implementer',
      fullName: 'PECB Certified ISO/IEC 27701 Lead Implementer',
      aliases: ['PECB ISO 27701 Lead Implementer', 'ISO 27701 LI'],
      domains: ['privacy', 'security', 'governance'],
      level: 3,
      nextSteps: ['iapp-cipm', 'isaca-cdpse'],
    },
    {
      id: 'pecb-iso42001-li',
      name: 'ISO/IEC 42001 Lead Implementer',
      fullName: 'PECB Certified ISO/IEC 42001 Lead Implementer',
      aliases: ['PECB ISO 42001 Lead Implementer', 'ISO 42001 LI'],
      domains: ['governance', 'risk'],
      level: 3,
      nextSteps: ['iapp-aigp', 'isaca-aaism'],
    },
    {
      id: 'pecb-iso22301-li',
      name: 'ISO 22301 Lead Implementer',
      fullName: 'PECB Certified ISO 22301 Lead Implementer',
      aliases: ['PECB ISO 22301 Lead Implementer', 'ISO 22301 LI'],
      domains: ['risk', 'governance', 'incident response'],
      level: 3,
      nextSteps: ['pecb-iso27001-li', 'eccouncil-edrp'],
    },
    {
      id: 'pecb-iso9001-la',
      name: 'ISO 9001 Lead Auditor',
      fullName: 'PECB Certified ISO 9001 Lead Auditor',
      aliases: ['PECB ISO 9001 Lead Auditor', 'ISO 9001 LA'],
      domains: ['audit', 'governance'],
      level: 3,
      nextSteps: ['asq-cqa', 'pecb-iso27001-la'],
    },
    {
      id: 'pecb-iso27001-foundation',
      name: 'ISO/IEC 27001 Foundation',
      fullName: 'PECB Certified ISO/IEC 27001 Foundation',
      aliases: ['PECB ISO 27001 Foundation'],
      domains: ['security', 'governance'],
      level: 2,
      nextSteps: ['pecb-iso27001-li', 'pecb-iso27001-la'],
      renewal: FOUNDATION,
      notes: 'Foundation credentials need no CPD and no AMF.',
    },
  ],
};
