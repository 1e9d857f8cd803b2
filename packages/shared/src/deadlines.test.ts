import { catalogueEntryById } from './catalogue';
import { certificationDeadlines, dueReminders, reminderText } from './deadlines';
import { dict } from './dict';
import type { StatusInput } from './status';

const cert = (over: Partial<StatusInput> = {}): StatusInput => ({
  cpe_needed: null,
  earned_date: '2026-01-01',
  expiry_date: '2027-01-01',
  annual_minimum: null,
  cycle_cpes_earned: 0,
  cycle_year_cpes_earned: 0,
  calendar_year_cpes_earned: 0,
  ...over,
});
const LEADS = [90, 60, 30, 7];
const keys = (c: StatusInput, today: string, entryId?: string, leads = LEADS) =>
  dueReminders(c, entryId ? catalogueEntryById(entryId) : undefined, today, leads).map(
    (r) => r.key,
  );

describe('certificationDeadlines', () => {
  it('lists expiry, grace end, fee and category minimums with stable keys, soonest first', () => {
    // Arrange
    const cissp = catalogueEntryById('isc2-cissp');
    // Act
    const found = certificationDeadlines(cert({ cpe_needed: 120 }), cissp, '2026-06-01');
    // Assert
    expect(found.map((d) => d.key)).toEqual([
      'expiry:2027-01-01',
      'category-minimum:2027-01-01:group-a',
      'grace-period-end:2027-04-01',
    ]);
    expect(found[1]?.label).toContain('Group A');
  });

  it('leaves out what is past and category minimums once expired', () => {
    const found = certificationDeadlines(
      cert({ expiry_date: '2026-03-01' }),
      catalogueEntryById('isc2-cissp'),
      '2026-04-01',
    );
    expect(found.map((d) => d.kind)).toEqual(['grace-period-end']);
  });

  it('has an annual fee on the anniversary and an annual minimum at the calendar year end', () => {
    expect(
      certificationDeadlines(cert(), catalogueEntryById('eccouncil-ceh'), '2026-06-01').map(
        (d) => d.key,
      ),
    ).toEqual(['annual-fee:2027-01-01', 'expiry:2027-01-01']);
    expect(
      certificationDeadlines(cert(), catalogueEntryById('isaca-cisa'), '2026-06-01').map(
        (d) => d.key,
      ),
    ).toEqual(['annual-minimum:2026-12-31', 'expiry:2027-01-01']);
  });
});

describe('dueReminders', () => {
  it('reminds of expiry at the nearest lead time not yet passed, then once expired', () => {
    expect(keys(cert(), '2026-10-02')).toEqual([]);
    expect(keys(cert(), '2026-10-03')).toEqual(['expiry:2027-01-01:90']);
    expect(keys(cert(), '2026-12-20')).toEqual(['expiry:2027-01-01:30']);
    expect(keys(cert(), '2026-12-25')).toEqual(['expiry:2027-01-01:7']);
    expect(keys(cert(), '2027-01-01')).toEqual(['expiry:2027-01-01:7']);
    expect(keys(cert(), '2027-01-02')).toEqual(['expired:2027-01-01']);
    expect(keys(cert(), '2027-01-08')).toEqual(['expired:2027-01-01']);
    expect(keys(cert(), '2027-01-09')).toEqual([]);
  });

  it("follows the user's lead times", () => {
    expect(keys(cert(), '2026-10-03', undefined, [30])).toEqual([]);
    expect(keys(cert(), '2026-12-02', undefined, [30])).toEqual(['expiry:2027-01-01:30']);
    expect(keys(cert(), '2026-12-31', undefined, [])).toEqual([]);
  });

  it('reminds of a pace behind target only with less than a third of the cycle left', () => {
    const behind = cert({ cpe_needed: 30, cycle_cpes_earned: 10 });
    // 365 days: a third is 121.67, so 121 days left is the first day.
    expect(keys(behind, '2026-09-01')).toEqual([]);
    expect(keys(behind, '2026-09-02')).toEqual(['behind-pace:2027-01-01']);
    expect(keys(cert({ cpe_needed: 30, cycle_cpes_earned: 29 }), '2026-09-02')).toEqual([]);
  });

  it('reminds of an annual minimum two months before its year ends, unless met', () => {
    expect(keys(cert(), '2026-10-30', 'isaca-cisa', [])).toEqual([]);
    expect(keys(cert(), '2026-10-31', 'isaca-cisa', [])).toEqual(['annual-minimum:2026-12-31']);
    const met = cert({ calendar_year_cpes_earned: 20 });
    expect(keys(met, '2026-10-31', 'isaca-cisa', [])).toEqual([]);
  });

  it('reminds of an annual fee within 30 days and of a grace period ending within 14', () => {
    const ceh = cert({ earned_date: '2024-04-15', expiry_date: '2027-04-15' });
    expect(keys(ceh, '2026-03-15', 'eccouncil-ceh')).toEqual([]);
    expect(keys(ceh, '2026-03-16', 'eccouncil-ceh')).toEqual(['annual-fee:2026-04-15']);
    const lapsed = cert({ earned_date: '2023-03-01', expiry_date: '2026-03-01' });
    expect(keys(lapsed, '2026-05-15', 'isc2-cissp')).toEqual([]);
    expect(keys(lapsed, '2026-05-16', 'isc2-cissp')).toEqual(['grace-period-end:2026-05-30']);
    expect(keys(lapsed, '2026-05-31', 'isc2-cissp')).toEqual([]);
  });

  it('reminds of unmet category minimums and unsubmitted credits as the cycle ends', () => {
    const cissp = catalogueEntryById('isc2-cissp');
    const due = (figures: Parameters<typeof dueReminders>[4]) =>
      dueReminders(cert(), cissp, '2026-12-15', [], figures).map((r) => r.key);
    expect(due({})).toEqual([]);
    expect(due({ categoryEarned: dict([['group-a', 10]]), unsubmittedCredits: 3 })).toEqual([
      'category-minimum:2027-01-01:group-a',
      'not-submitted:2027-01-01',
    ]);
    expect(due({ categoryEarned: dict([['group-a', 90]]), unsubmittedCredits: 0 })).toEqual([]);
  });
});

describe('reminderText', () => {
  it('says when, in days', () => {
    expect(reminderText({ kind: 'expiry', date: '2027-01-01' }, '2026-12-25')).toBe(
      'expires in 7 days (2027-01-01)',
    );
    expect(reminderText({ kind: 'expiry', date: '2027-01-01' }, '2027-01-01')).toBe(
      'expires today (2027-01-01)',
    );
    expect(
      reminderText({ kind: 'annual-fee', date: '2026-04-15' }, '2026-04-14', {
        entry: catalogueEntryById('eccouncil-ceh'),
      }),
    ).toMatch(/^annual maintenance fee \(\d+ USD\) due tomorrow \(2026-04-15\)$/);
  });
});
