/**
 * CIMA: every member (ACMA, FCMA, and so CGMA) must do CPD as a condition of
 * membership, working through CIMA's CPD cycle at least once a year; CIMA
 * prescribes no hours.
 */
import type { BodyData, RenewalRule } from '../types';

const MEMBERSHIP: RenewalRule = {
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

export const CIMA: BodyData = {
  body: 'CIMA',
  source: 'https://www.cimaglobal.com/Members/CPD/requirements/',
  checked: '2026-11',
  uncertain: false,
  uncertainNote: null,
  notes:
    'The CPD cycle, at least once a year: define the role, assess needs against the CGMA Competency Framework, design and act, reflect and record each activity, evaluate progress; unfinished development carries into the next cycle. CPD applies from election to membership. Renewing the membership each year declares compliance; a sample of records is checked each year. Not submitting a record when selected costs a fixed penalty (GBP 100, then GBP 250) and a third breach goes to the Investigation Committee. Career breaks and retirement can be exempt. Subscription not recorded.',
  recommendable: true,
  renewal: MEMBERSHIP,
  entries: [
    {
      id: 'cima-cgma',
      name: 'CGMA',
      fullName: 'Chartered Global Management Accountant (CIMA)',
      aliases: ['ACMA', 'FCMA', 'ACMA CGMA', 'CIMA CGMA', 'Chartered Management Accountant'],
      domains: ['accounting', 'financial planning'],
      level: 3,
      nextSteps: ['cfa-cfa', 'ima-cma', 'acca-member'],
    },
  ],
};
