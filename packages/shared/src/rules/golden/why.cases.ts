/**
 * The answers the app once got wrong, each as the body gives it: the cases
 * that opened the work on the rules engine (docs/certification-rules.md).
 */
import type { GoldenCase } from './types';

const ISACA = 'https://www.isaca.org/credentialing/how-to-earn-cpe';
const PMI = 'https://www.pmi.org/certifications/certification-resources/maintain';
const ISC2 = 'https://www.isc2.org/policies-procedures/member-policies';

export const WHY_CASES: readonly GoldenCase[] = [
  {
    source: ISACA,
    says: 'the three-year period starts on 1 January after certification, so a CISA of 2023-06-15 is current until 2026-12-31',
    entry: 'isaca-cisa',
    certified: '2023-06-15',
    today: '2026-11-26',
    expect: {
      firstCycle: { start: '2024-01-01', end: '2026-12-31' },
      state: 'expires-soon',
      deadlines: [{ kind: 'expiry', date: '2026-12-31' }],
    },
  },
  {
    source: ISACA,
    says: 'a CISA of 2024-06-15 reports its first year for 2025; hours earned in 2024 count toward it',
    entry: 'isaca-cisa',
    certified: '2024-06-15',
    credits: [{ date: '2024-09-10', units: 20 }],
    today: '2024-11-26',
    expect: {
      firstCycle: { start: '2025-01-01', end: '2027-12-31' },
      years: [
        { from: '2025-01-01', to: '2025-12-31', required: 20 },
        { from: '2026-01-01', to: '2026-12-31', required: 20 },
        { from: '2027-01-01', to: '2027-12-31', required: 20 },
      ],
      requirements: [{ id: 'year:2025-01-01', earned: 20, met: true }],
    },
  },
  {
    source: ISACA,
    says: '20 CPE hours every year is a minimum: 120 hours with none in 2026 do not renew',
    entry: 'isaca-cisa',
    certified: '2023-06-15',
    credits: [
      { date: '2024-03-01', units: 20 },
      { date: '2025-05-01', units: 100 },
    ],
    today: '2026-11-26',
    expect: {
      ready: false,
      unmet: ['year:2026-01-01'],
      requirements: [{ id: 'total', earned: 120, met: true }],
    },
  },
  {
    source: PMI,
    says: 'Giving Back counts for at most 25 PDUs, and Education needs 35: 40 Giving Back and 20 Education are not enough',
    entry: 'pmi-pmp',
    certified: '2024-01-15',
    credits: [
      { date: '2024-06-01', units: 40, category: 'giving-back' },
      { date: '2025-06-01', units: 20, category: 'ways-of-working' },
    ],
    today: '2026-11-26',
    expect: {
      firstCycle: { start: '2024-01-15', end: '2027-01-14' },
      ready: false,
      unmet: ['total', 'category:education', 'category:power-skills', 'category:business-acumen'],
      requirements: [
        { id: 'total', earned: 45, required: 60 },
        { id: 'category:education', earned: 20, required: 35 },
        { id: 'cap:giving-back', earned: 25 },
      ],
    },
  },
  {
    source: PMI,
    says: 'Education is the sum of the Talent Triangle areas: 12 + 12 + 12 is 36 of the 35 needed, with 24 Giving Back the 60 are met',
    entry: 'pmi-pmp',
    certified: '2024-01-15',
    credits: [
      { date: '2024-05-01', units: 12, category: 'ways-of-working' },
      { date: '2025-05-01', units: 12, category: 'power-skills' },
      { date: '2025-09-01', units: 12, category: 'business-acumen' },
      { date: '2026-03-01', units: 24, category: 'giving-back' },
    ],
    today: '2026-11-26',
    expect: {
      ready: true,
      unmet: [],
      state: 'ready',
      requirements: [
        { id: 'category:education', earned: 36, required: 35, met: true },
        { id: 'total', earned: 60, met: true },
      ],
      nextCycle: { start: '2027-01-15', end: '2030-01-14' },
    },
  },
  {
    source: PMI,
    says: 'a PMP not renewed by the end of the cycle is suspended for one year, in which earning the missing PDUs reinstates it',
    entry: 'pmi-pmp',
    certified: '2023-01-10',
    today: '2026-11-26',
    expect: {
      firstCycle: { start: '2023-01-10', end: '2026-01-09' },
      state: 'suspended',
      deadlines: [{ kind: 'suspension-end', date: '2027-01-09' }],
    },
  },
  {
    source: ISC2,
    says: 'CPE credits earned in the 90 days after the cycle ends still count toward it',
    entry: 'isc2-cissp',
    certified: '2023-10-01',
    cycle: { start: '2023-10-01', end: '2026-09-30' },
    credits: [
      { date: '2025-06-01', units: 110, category: 'group-a' },
      { date: '2026-11-01', units: 10, category: 'group-a' },
    ],
    today: '2026-11-26',
    expect: {
      state: 'grace',
      ready: true,
      deadlines: [{ kind: 'grace-end', date: '2026-12-29' }],
      requirements: [{ id: 'total', earned: 120, met: true }],
    },
  },
  {
    source: ISC2,
    says: 'Group A credits beyond the 120 earned in the last six months of the cycle carry into the next one, up to 40',
    entry: 'isc2-cissp',
    certified: '2023-10-01',
    cycle: { start: '2023-10-01', end: '2026-09-30' },
    credits: [
      { date: '2024-06-01', units: 110, category: 'group-a' },
      { date: '2026-05-01', units: 40, category: 'group-a' },
    ],
    today: '2026-09-15',
    expect: {
      ready: true,
      nextCycle: { start: '2026-10-01', end: '2029-09-30', carried: 30 },
    },
  },
  {
    source: ISC2,
    says: 'ISC2 sets a total for the three years, not a yearly minimum: a cycle of 2024-01-15 to 2027-01-15 has no reporting years to list',
    entry: 'isc2-cissp',
    certified: '2024-01-15',
    cycle: { start: '2024-01-15', end: '2027-01-15' },
    today: '2026-11-26',
    expect: { years: [], unmet: ['total', 'category:group-a'] },
  },
  {
    source: 'https://www.theiia.org/en/certifications/maintain-your-certification/',
    says: 'a newly certified CIA is credited the hours of the year of the exam and of the next year',
    entry: 'iia-cia',
    certified: '2025-03-10',
    today: '2025-09-01',
    expect: { ready: true, unmet: [] },
  },
  {
    source: 'https://cert.eccouncil.org/membership.html',
    says: 'the membership fee falls due a year after certification, at the start of the next month: a CEH of 5 May 2021 pays by 1 June 2022',
    entry: 'eccouncil-ceh',
    certified: '2021-05-05',
    today: '2021-12-01',
    expect: { fees: [{ kind: 'annual', date: '2022-06-01' }] },
  },
];
