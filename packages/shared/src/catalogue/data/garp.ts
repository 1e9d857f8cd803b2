/**
 * GARP: the FRM and the SCR certificate do not expire; GARP's continuing
 * professional development programme (40 credits every two years) is
 * optional for them.
 */
import type { BodyData, RenewalRule } from '../types';

const NO_RENEWAL: RenewalRule = {
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

export const GARP: BodyData = {
  body: 'GARP',
  source: 'https://www.scribd.com/document/335007143/Garp-Cpd-Handbook-2015',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Optional CPD: read in GARP's 2015 CPD handbook (a copy) and a partner's FAQ; GARP's current page was not read.",
  notes:
    'GARP strongly encourages certified FRMs to earn 40 CPD credits (about one hour each) in every two-year cycle, from 1 January; certified on or before 30 June, the first cycle starts that January, otherwise the next. Participation was mandatory only for the Energy Risk Professional (ERP). Individual GARP membership is optional; dues not recorded.',
  recommendable: true,
  renewal: NO_RENEWAL,
  entries: [
    {
      id: 'garp-frm',
      name: 'FRM',
      fullName: 'Financial Risk Manager',
      aliases: ['GARP FRM', 'Certified FRM'],
      domains: ['risk', 'financial planning'],
      level: 4,
      nextSteps: ['cfa-cfa', 'garp-scr'],
    },
    {
      id: 'garp-scr',
      name: 'SCR',
      fullName: 'Sustainability and Climate Risk Certificate',
      aliases: ['GARP SCR'],
      domains: ['risk'],
      level: 3,
      nextSteps: ['garp-frm'],
      notes: 'GARP suggests 20 CPD credits every two years for SCR holders.',
    },
  ],
};
