import { catalogueEntryById } from './catalogue/lookup';
import { type StatusInput, certificationStatus, deadlines } from './status';

function cert(overrides: Partial<StatusInput> = {}): StatusInput {
  return {
    cpe_needed: 120,
    earned_date: '2024-01-15',
    expiry_date: '2027-01-15',
    annual_minimum: null,
    cycle_cpes_earned: 0,
    cycle_year_cpes_earned: 0,
    calendar_year_cpes_earned: 0,
    ...overrides,
  };
}

const cissp = catalogueEntryById('isc2-cissp');
const cisa = catalogueEntryById('isaca-cisa');

describe('certificationStatus', () => {
  it('is expired the day after the expiry date, whatever was earned', () => {
    const status = certificationStatus(cert({ cycle_cpes_earned: 500 }), cissp, '2027-01-16');
    expect(status).toMatchObject({ state: 'expired', daysToExpiry: -1, monthlyPaceNeeded: null });
    expect(certificationStatus(cert(), cissp, '2027-01-15').state).toBe('expires-soon');
  });

  it('is ready once the cycle target is met, even close to expiry', () => {
    expect(certificationStatus(cert({ cycle_cpes_earned: 120 }), cissp, '2026-12-01').state).toBe(
      'ready',
    );
    expect(certificationStatus(cert({ cpe_needed: 0 }), undefined, '2025-01-01').state).toBe(
      'ready',
    );
  });

  it('expires soon within 90 days when the target is not met', () => {
    expect(
      certificationStatus(cert({ cycle_cpes_earned: 115 }), cissp, '2026-10-17'),
    ).toMatchObject({
      state: 'expires-soon',
      daysToExpiry: 90,
    });
    expect(certificationStatus(cert({ cycle_cpes_earned: 115 }), cissp, '2026-10-16').state).toBe(
      'on-pace',
    );
  });

  it('paces earned against target x elapsed share, with the monthly pace still needed', () => {
    // Half-way through a 1,096-day cycle: 60 expected.
    const behind = certificationStatus(cert({ cycle_cpes_earned: 40 }), cissp, '2025-07-16');
    expect(behind).toMatchObject({ state: 'behind', earned: 40, target: 120, expectedSoFar: 60 });
    // 80 left over 549 days (about 18 months): about 4.44 a month, rounded up.
    expect(behind.monthlyPaceNeeded).toBe(4.44);
    expect(certificationStatus(cert({ cycle_cpes_earned: 60 }), cissp, '2025-07-16').state).toBe(
      'on-pace',
    );
    // Before the cycle starts nothing is expected yet.
    expect(certificationStatus(cert(), cissp, '2023-01-01')).toMatchObject({
      state: 'on-pace',
      expectedSoFar: 0,
    });
  });

  it('has nothing to pace without a target or without an expiry', () => {
    expect(certificationStatus(cert({ cpe_needed: null }), undefined, '2025-01-01')).toMatchObject({
      state: 'no-target',
      expectedSoFar: null,
      monthlyPaceNeeded: null,
    });
    expect(certificationStatus(cert({ expiry_date: null }), undefined, '2025-01-01').state).toBe(
      'no-target',
    );
    expect(certificationStatus(cert({ cpe_needed: null }), undefined, '2027-01-01').state).toBe(
      'expires-soon',
    );
  });

  it("reports the annual minimum over the body's year: ISACA counts calendar years", () => {
    const status = certificationStatus(
      cert({ calendar_year_cpes_earned: 12, cycle_year_cpes_earned: 30 }),
      cisa,
      '2025-03-01',
    );
    expect(status.annualMinimum).toEqual({
      required: 20,
      earned: 12,
      remaining: 8,
      met: false,
      year: 'calendar',
      from: '2025-01-01',
      to: '2025-12-31',
    });
  });

  it("counts a certification's own annual minimum over its cycle year", () => {
    const status = certificationStatus(
      cert({ annual_minimum: 20, cycle_year_cpes_earned: 25 }),
      undefined,
      '2025-03-01',
    );
    expect(status.annualMinimum).toEqual({
      required: 20,
      earned: 25,
      remaining: 0,
      met: true,
      year: 'cycle',
      from: '2025-01-15',
      to: '2026-01-14',
    });
    expect(certificationStatus(cert(), cissp, '2025-03-01').annualMinimum).toBeNull();
  });
});

describe('deadlines', () => {
  it('lists expiry, grace period end, annual-minimum year end and annual fee, soonest first', () => {
    const list = deadlines(
      cert({ expiry_date: '2027-01-15' }),
      {
        renewal: {
          annualMinimum: 20,
          annualYear: 'cycle',
          graceDays: 90,
          fee: { amount: 85, currency: 'USD', due: 'annual', dueMonth: 'anniversary', note: '' },
        },
      },
      '2026-03-01',
    );
    expect(list.map((d) => [d.kind, d.date])).toEqual([
      ['annual-minimum', '2027-01-14'],
      ['annual-fee', '2027-01-15'],
      ['expiry', '2027-01-15'],
      ['grace-period-end', '2027-04-15'],
    ]);
  });

  it('leaves out what is past, and fees due at the calendar year start fall on 1 January', () => {
    const list = deadlines(
      cert({ expiry_date: '2025-06-30' }),
      {
        renewal: {
          annualMinimum: null,
          annualYear: null,
          graceDays: 30,
          fee: {
            amount: 80,
            currency: 'USD',
            due: 'annual',
            dueMonth: 'calendar-year-start',
            note: '',
          },
        },
      },
      '2025-07-10',
    );
    expect(list.map((d) => [d.kind, d.date])).toEqual([
      ['grace-period-end', '2025-07-30'],
      ['annual-fee', '2026-01-01'],
    ]);
    expect(deadlines(cert({ expiry_date: null }), undefined, '2025-01-01')).toEqual([]);
  });
});
