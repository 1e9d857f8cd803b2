/**
 * IAPP: 20 continuing privacy education (CPE) credits per certification over
 * each two-year term, and a certification maintenance fee per term (included
 * in IAPP membership).
 */
import type { BodyData, RenewalRule } from '../types';

const IAPP_RULE: RenewalRule = {
  kind: 'credits',
  unit: 'CPE',
  total: 20,
  cycleMonths: 24,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [],
  rollover: { max: 10, earnedInLastMonths: 6 },
  afterExpiry: [],
  fees: [
    {
      kind: 'renewal',
      amount: 250,
      currency: 'USD',
      due: 'cycle-end',
      note: 'The certification maintenance fee covers the whole two-year term and every IAPP certification held; IAPP membership includes it.',
    },
  ],
};

export const IAPP: BodyData = {
  body: 'IAPP',
  source: 'https://iapp.org/certify/cpe/',
  checked: '2026-11',
  uncertain: false,
  uncertainNote: null,
  notes:
    'The same credits may count for several IAPP certifications when relevant to each. Submit CPEs within 90 days of the activity. Some activities are capped by the CPE policy.',
  recommendable: true,
  renewal: IAPP_RULE,
  entries: [
    {
      id: 'iapp-cipp-us',
      name: 'CIPP/US',
      fullName: 'Certified Information Privacy Professional/United States',
      aliases: ['CIPP US', 'IAPP CIPP/US'],
      domains: ['privacy'],
      level: 3,
      nextSteps: ['iapp-cipm', 'iapp-cipt', 'iapp-aigp'],
    },
    {
      id: 'iapp-cipp-e',
      name: 'CIPP/E',
      fullName: 'Certified Information Privacy Professional/Europe',
      aliases: ['CIPP E', 'IAPP CIPP/E'],
      domains: ['privacy'],
      level: 3,
      nextSteps: ['iapp-cipm', 'iapp-cipt', 'iapp-aigp'],
    },
    {
      id: 'iapp-cipp-c',
      name: 'CIPP/C',
      fullName: 'Certified Information Privacy Professional/Canada',
      aliases: ['CIPP C', 'IAPP CIPP/C'],
      domains: ['privacy'],
      level: 3,
      nextSteps: ['iapp-cipm', 'iapp-cipt'],
    },
    {
      id: 'iapp-cipp-a',
      name: 'CIPP/A',
      fullName: 'Certified Information Privacy Professional/Asia',
      aliases: ['CIPP A', 'IAPP CIPP/A'],
      domains: ['privacy'],
      level: 3,
      nextSteps: ['iapp-cipm', 'iapp-cipt'],
    },
    {
      id: 'iapp-cipm',
      name: 'CIPM',
      fullName: 'Certified Information Privacy Manager',
      aliases: ['IAPP CIPM'],
      domains: ['privacy', 'governance'],
      level: 3,
      nextSteps: ['iapp-cipt', 'iapp-aigp', 'isaca-cdpse'],
    },
    {
      id: 'iapp-cipt',
      name: 'CIPT',
      fullName: 'Certified Information Privacy Technologist',
      aliases: ['IAPP CIPT'],
      domains: ['privacy', 'security'],
      level: 3,
      nextSteps: ['iapp-cipm', 'isaca-cdpse'],
    },
    {
      id: 'iapp-aigp',
      name: 'AIGP',
      fullName: 'Artificial Intelligence Governance Professional',
      aliases: ['IAPP AIGP'],
      domains: ['governance', 'privacy', 'data'],
      level: 3,
      nextSteps: ['iapp-cipm'],
      uncertain: true,
      uncertainNote:
        'A newer IAPP certification: the IAPP CPE page names the CIPP, CIPM and CIPT; the AIGP is assumed to follow the same policy.',
    },
  ],
};
