import { entry } from '../test/builders';
import { daysText, everyText, figureLabel, localTodayIso, renewalText, unitOf } from './rules';

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

  it("names figures in the unit, the spec's CPEs when there is none", () => {
    expect(figureLabel(unitOf({ unit: 'PDU' }), 'Earned')).toBe('PDUs Earned');
    expect(figureLabel(unitOf({ unit: null }), 'Needed')).toBe('CPEs Needed');
    expect(figureLabel('CPD hours', 'Needed')).toBe('CPD hours Needed');
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
