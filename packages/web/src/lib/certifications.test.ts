import { certification } from '../test/harness';
import {
  expiryText,
  formatLocalDate,
  searchCertifications,
  sortCertifications,
} from './certifications';

const names = (list: { certification_name: string }[]) => list.map((c) => c.certification_name);

describe('sorting certifications (spec section 9)', () => {
  const a = certification({
    certification_name: 'beta',
    earned_date: '2023-05-01',
    expiry_date: '2026-01-01',
  });
  const b = certification({
    certification_name: 'Alpha',
    earned_date: '2024-02-01',
    expiry_date: null,
  });
  const c = certification({
    certification_name: 'gamma',
    earned_date: '2022-01-01',
    expiry_date: '2025-06-30',
  });
  const d = certification({
    certification_name: 'Delta',
    earned_date: '2021-01-01',
    expiry_date: '1970-01-01',
  });
  const list = [a, b, c, d];

  it('orders by expiry date, earliest first, certifications without expiry last', () => {
    expect(names(sortCertifications(list, 'expiryDate'))).toEqual([
      'gamma',
      'beta',
      'Alpha',
      'Delta',
    ]);
  });

  it('orders by name alphabetically, ignoring case', () => {
    expect(names(sortCertifications(list, 'name'))).toEqual(['Alpha', 'beta', 'Delta', 'gamma']);
  });

  it('orders by earned date, newest first', () => {
    expect(names(sortCertifications(list, 'earnedDate'))).toEqual([
      'Alpha',
      'beta',
      'gamma',
      'Delta',
    ]);
  });

  it('keeps the server order for "Sort By" and never mutates the list', () => {
    const before = [...list];
    expect(sortCertifications(list, '')).toEqual(list);
    sortCertifications(list, 'name');
    expect(list).toEqual(before);
  });
});

describe('searching certifications', () => {
  const list = [
    certification({ certification_name: 'CISSP' }),
    certification({ certification_name: 'AWS Security Specialty' }),
  ];

  it('matches a part of the name, case-insensitively', () => {
    expect(names(searchCertifications(list, 'sec'))).toEqual(['AWS Security Specialty']);
    expect(names(searchCertifications(list, 'ciss'))).toEqual(['CISSP']);
  });

  it('shows everything for an empty or blank query', () => {
    expect(searchCertifications(list, '   ')).toHaveLength(2);
  });
});

describe('the expiry line', () => {
  it("shows 'N/A' for the no-expiry sentinel and for no expiry", () => {
    expect(expiryText('1970-01-01')).toBe('N/A');
    expect(expiryText(null)).toBe('N/A');
  });

  it('is hidden when the date is empty', () => {
    expect(expiryText('')).toBeNull();
    expect(expiryText(undefined)).toBeNull();
  });

  it('shows a real date as the local calendar date, never shifted a day', () => {
    const shown = expiryText('2026-01-31');
    expect(shown).toBe(
      new Date(2026, 0, 31).toLocaleDateString(undefined, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
      }),
    );
    expect(formatLocalDate('2026-01-31')).toContain('31');
  });
});
