/**
 * ACCA: members on the unit route complete 40 units of CPD every calendar
 * year, at least 21 of them verifiable; one unit is one hour.
 */
import type { BodyData, RenewalRule } from '../types';

const UNIT_ROUTE: RenewalRule = {
  kind: 'credits',
  unit: 'CPD hours',
  total: 40,
  cycleMonths: 12,
  cycleStart: 'year-after',
  annualMinimum: null,
  annualYear: 'calendar',
  categories: [
    { id: 'verifiable', label: 'Verifiable CPD', min: 21, per: 'cycle' },
    { id: 'non-verifiable', label: 'Non-verifiable CPD', max: 19, per: 'cycle' },
  ],
  activityCaps: [],
  rollover: { max: 21, earnedInLastMonths: 12, category: 'verifiable' },
  afterExpiry: [],
  fees: [],
};

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

export const ACCA: BodyData = {
  body: 'ACCA',
  source: 'https://www.accaglobal.com/lk/en/member/cpd/your-guide-to-cpd/routes.html',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    'First year: that the first CPD year is the calendar year after admission is not stated on the pages read (recorded as the January after admission).',
  notes:
    "ACCA calls its credit a unit (one hour). Verifiable CPD is relevant learning you can show you applied and can evidence; non-verifiable is general reading and research. Up to 21 verifiable units beyond the 21 required may be carried into the next CPD year, but not from the first CPD year; non-verifiable units never carry. Other routes: part-time or semi-retired (770 hours of work a year or less: 19 non-verifiable units and self-set verifiable CPD), ACCA Approved Employer programmes, or another IFAC body's CPD. Practising members need CPD in their specialism. Compliance is declared once a year; the annual subscription was not recorded.",
  recommendable: true,
  renewal: UNIT_ROUTE,
  entries: [
    {
      id: 'acca-member',
      name: 'ACCA',
      fullName: 'Association of Chartered Certified Accountants member',
      aliases: ['FCCA', 'ACCA member', 'Chartered Certified Accountant'],
      domains: ['accounting', 'audit'],
      level: 3,
      nextSteps: ['cima-cgma', 'cfa-cfa', 'iia-cia'],
    },
    {
      id: 'acca-dipifr',
      name: 'DipIFR',
      fullName: 'ACCA Diploma in International Financial Reporting',
      aliases: ['ACCA DipIFR'],
      domains: ['accounting'],
      level: 3,
      nextSteps: ['acca-member'],
      renewal: NO_RENEWAL,
      notes: 'A diploma with no CPD requirement of its own.',
    },
  ],
};
