/**
 * IIBA: the CBAP and CCBA are recertified every three years from the exam
 * date with 60 continuing development units (CDUs) and a recertification
 * fee; the entry-level ECBA is not recertified.
 */
import type { BodyData, RenewalRule } from '../types';

const CDU60: RenewalRule = {
  kind: 'credits',
  unit: 'PDU',
  total: 60,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [],
  rollover: null,
  afterExpiry: [
    {
      kind: 'suspension',
      days: 365,
      creditsCount: true,
      note: 'Recipients who miss the requirements are suspended for up to a year: removed from the registry and may not use the designation; earning the CDUs, paying the fee and agreeing to the code of conduct restores it. After that year the designation is revoked.',
    },
  ],
  fees: [
    {
      kind: 'renewal',
      amount: 120,
      memberAmount: 85,
      currency: 'USD',
      due: 'cycle-end',
      note: 'Recertification fee paid when submitting, per designation.',
    },
  ],
};

const NO_RECERT: RenewalRule = {
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

export const IIBA: BodyData = {
  body: 'IIBA',
  source: 'https://www.iiba.org/Certification-Recognition/recertification.aspx',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    'Fee: US$85 for members and US$120 for others is from IIBA-quoted figures on training-provider and chapter pages, not a current IIBA page.',
  notes:
    'IIBA calls its unit a continuing development unit (CDU), recorded here as PDU; one CDU per hour, reported in quarter hours after the first full hour. CDUs come from several categories (education, professional development, professional activities, self-directed learning, volunteering, work experience), each with a maximum per cycle, so at least two categories are needed; the current maximums were not confirmed. The next cycle runs three years from the current recertification date.',
  recommendable: true,
  renewal: CDU60,
  entries: [
    {
      id: 'iiba-cbap',
      name: 'CBAP',
      fullName: 'Certified Business Analysis Professional',
      aliases: ['IIBA CBAP'],
      domains: ['project management', 'data'],
      level: 4,
      nextSteps: ['pmi-pba', 'pmi-pmp'],
    },
    {
      id: 'iiba-ccba',
      name: 'CCBA',
      fullName: 'Certification of Capability in Business Analysis',
      aliases: ['IIBA CCBA'],
      domains: ['project management', 'data'],
      level: 3,
      nextSteps: ['iiba-cbap', 'pmi-pba'],
    },
    {
      id: 'iiba-ecba',
      name: 'ECBA',
      fullName: 'Entry Certificate in Business Analysis',
      aliases: ['IIBA ECBA'],
      domains: ['project management', 'data'],
      level: 1,
      nextSteps: ['iiba-ccba', 'pmi-capm'],
      renewal: NO_RECERT,
      uncertain: true,
      uncertainNote:
        "No renewal: IIBA's recertification pages cover only the CCBA and CBAP; that the ECBA needs none is inferred, not stated on a page read.",
    },
  ],
};
