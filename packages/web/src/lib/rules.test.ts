import { certification, entry } from '../test/builders';
import {
  cyclePlacementText,
  daysText,
  everyText,
  feesText,
  figureLabel,
  nothingToRenew,
  renewalText,
  statusDetail,
  unitOf,
  windowLine,
  windowsText,
} from './rules';
import { formatLocalDate } from './certifications';
import { localTodayIso } from './today';

describe('how rules are worded', () => {
  it.each([
    ['isc2-cissp', '120 CPEs every 3 years.'],
    ['isaca-cisa', '120 CPEs every 3 years, at least 20 CPEs each calendar year.'],
    ['pmi-pmp', '60 PDUs every 3 years.'],
    ['cisco-ccna', '30 CE credits every 3 years.'],
    ['aws-saa', 'Renewed by passing the exam again every 3 years.'],
    ['ms-az-104', 'Renewed by a free renewal assessment every year.'],
    ['ms-az-900', 'Does not expire: no renewal needed.'],
  ])('%s renews with %j', (id, text) => {
    expect(renewalText(entry(id))).toBe(text);
  });

  it('says where each body places its cycles, and nothing for one that does not expire', () => {
    expect(cyclePlacementText(entry('pmi-pmp').renewal)).toBe(
      'Each cycle lasts 3 years from the earned date and ends the day before its anniversary.',
    );
    expect(cyclePlacementText(entry('isc2-cissp').renewal)).toMatch(
      /^The first cycle starts on the first day of the month after certification/,
    );
    expect(cyclePlacementText(entry('ms-az-900').renewal)).toBeNull();
  });

  it('says the windows after a cycle and the fees, with late fees', () => {
    expect(windowsText(entry('isc2-cissp').renewal)).toBe(
      'After a cycle ends: a grace period of 90 days, in which credits earned still count toward the cycle; then a suspension of 730 days, in which only credits earned in the cycle count.',
    );
    expect(windowsText(entry('aws-saa').renewal)).toBeNull();
    expect(feesText(entry('shrm-cp').renewal)).toEqual([
      'Renewal fee: USD 210 (members 165), due by the end of each cycle; USD 285 (members 240) if paid after the due date.',
    ]);
    expect(feesText(entry('ms-az-104').renewal)).toEqual([
      'Renewal fee: free, due by the end of each cycle.',
    ]);
  });

  it("names figures in the unit, the spec's CPEs when there is none", () => {
    expect(figureLabel(unitOf({ unit: 'PDU' }), 'Earned')).toBe('PDUs Earned');
    expect(figureLabel(unitOf({ unit: null }), 'Needed')).toBe('CPEs Needed');
    expect(figureLabel('CPD hours', 'Needed')).toBe('CPD hours Needed');
  });

  it("says the pace in the unit, as the engine rounded it to the body's increment", () => {
    const pmp = certification({
      catalogue_id: 'pmi-pmp',
      unit: 'PDU',
      cpe_needed: 60,
      earned_date: '2024-07-01',
      expiry_date: '2027-06-30',
      total_cpes_earned: 2,
    });

    // 58 PDUs over 24 months, rounded up to PMI's quarter.
    expect(statusDetail(pmp.standing)).toBe(
      '2 of the 20 PDUs expected by now; 2.5 PDUs a month to finish.',
    );
  });

  it('says the pace a rolling window needs where the year alone is on pace', () => {
    const canada = certification({
      catalogue_id: 'cpa-canada',
      unit: 'CPD hours',
      cpe_needed: null,
      earned_date: '2025-01-01',
      expiry_date: '2025-12-31',
      cycle_months: 12,
      certified_on: '2015-06-01',
      credits: [{ units: 24, date: '2025-02-01', category: 'verifiable' }],
    });

    // 24 of the year's 20, but 96 of the three years' 120 still to earn in six months.
    expect(canada.standing.state).toBe('behind');
    expect(statusDetail(canada.standing)).toBe('16 CPD hours a month to finish.');
  });

  it("says a suspension after ISC2's grace period still counts the grace period's credits", () => {
    const cissp = certification({
      catalogue_id: 'isc2-cissp',
      cpe_needed: 120,
      earned_date: '2021-12-01',
      expiry_date: '2024-11-30',
      credits: [{ units: 100, date: '2023-05-01' }],
    });

    expect(cissp.standing.state).toBe('suspended');
    const grace = cissp.standing.windows.find((w) => w.kind === 'grace')!;
    expect(windowLine(cissp.standing)).toContain(
      `Credits earned in the cycle and its grace period (until ${formatLocalDate(grace.to)}) count; later ones do not.`,
    );
  });

  it('has nothing to renew only without a target and without an expiry', () => {
    expect(nothingToRenew(certification({ cpe_needed: null, expiry_date: null }))).toBe(true);
    expect(nothingToRenew(certification({ cpe_needed: null, expiry_date: '2026-01-01' }))).toBe(
      false,
    );
    expect(nothingToRenew(certification({ cpe_needed: 20, expiry_date: null }))).toBe(false);
  });

  it('words spans of days and months', () => {
    expect([0, 1, -1, 45, -3].map(daysText)).toEqual([
      'today',
      'tomorrow',
      'yesterday',
      'in 45 days',
      '3 days ago',
    ]);
    expect([12, 36, 18].map(everyText)).toEqual(['every year', 'every 3 years', 'every 18 months']);
  });

  it("takes today from the user's calendar, not UTC", () => {
    // 23:30 local on the 31st is the 31st, whatever UTC says.
    expect(localTodayIso(new Date(2025, 11, 31, 23, 30))).toBe('2025-12-31');
  });
});
