/** Pure rules of the My Certifications page: sorting, searching and the expiry line. */
import { NO_EXPIRY_SENTINEL, compareIsoDates } from '@cpe/shared/dates';
import type { Certification } from '@cpe/shared/schemas';

export type SortKey = '' | 'expiryDate' | 'name' | 'earnedDate' | 'status';

/** The spec's options, then ours: by status, most urgent first. */
export const SORT_OPTIONS: { value: SortKey; label: string }[] = [
  { value: '', label: 'Sort By' },
  { value: 'expiryDate', label: 'Expiry Date' },
  { value: 'name', label: 'Name' },
  { value: 'earnedDate', label: 'Earned Date' },
  { value: 'status', label: 'Status' },
];

function hasExpiry(date: string | null): date is string {
  return date !== null && date !== '' && date !== NO_EXPIRY_SENTINEL;
}

/** Made once: localeCompare with options builds a new collator on every call. */
let names: Intl.Collator | undefined;

const byName = (a: Certification, b: Certification) =>
  (names ??= new Intl.Collator(undefined, { sensitivity: 'base' })).compare(
    a.certification_name,
    b.certification_name,
  );

const byExpiry = (a: Certification, b: Certification) => {
  const ea = hasExpiry(a.expiry_date);
  const eb = hasExpiry(b.expiry_date);
  if (ea && eb) return compareIsoDates(a.expiry_date as string, b.expiry_date as string);
  if (ea !== eb) return ea ? -1 : 1;
  return 0;
};

/**
 * expiryDate: earliest first, no expiry last; name: alphabetical, case-insensitive;
 * earnedDate: newest first; status: by `rank` (lower first: most urgent), then
 * expiry, then name; '' keeps the server's order. Never mutates its input.
 */
export function sortCertifications<C extends Certification>(
  list: readonly C[],
  key: SortKey,
  rank: (cert: C) => number = () => 0,
): C[] {
  const copy = [...list];
  switch (key) {
    case 'expiryDate':
      return copy.sort(byExpiry);
    case 'status':
      return copy.sort((a, b) => rank(a) - rank(b) || byExpiry(a, b) || byName(a, b));
    case 'name':
      return copy.sort(byName);
    case 'earnedDate':
      return copy.sort((a, b) => compareIsoDates(b.earned_date, a.earned_date));
    default:
      return copy;
  }
}

/** Case-insensitive match on the certification name. */
export function searchCertifications<C extends Certification>(
  list: readonly C[],
  query: string,
): C[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...list];
  return list.filter((c) => c.certification_name.toLocaleLowerCase().includes(needle));
}

/** Made once: toLocaleDateString with options builds a new formatter on every call. */
let localDate: Intl.DateTimeFormat | undefined;
const localDateFormat = () =>
  (localDate ??= new Intl.DateTimeFormat(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }));

/** `YYYY-MM-DD` shown as the user's local calendar date (never shifted by time zones). */
export function formatLocalDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return iso;
  return localDateFormat().format(
    new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])),
  );
}

/**
 * A moment (`2026-11-27T20:15:00Z`) shown as the date it fell on where the
 * browser is: in Auckland that moment was already 28 Nov. Calendar dates
 * (an activity's date, an expiry) take formatLocalDate instead.
 */
export function formatLocalDay(timestamp: string): string {
  const moment = new Date(timestamp);
  return Number.isNaN(moment.getTime()) ? timestamp : localDateFormat().format(moment);
}

/**
 * The card's expiry line: 'N/A' for no expiry (the API answers null; older
 * data may carry the 1970-01-01 sentinel), hidden (null) when the date is
 * empty, otherwise the local date.
 */
export function expiryText(expiry: string | null | undefined): string | null {
  if (expiry === undefined || expiry === '') return null;
  if (expiry === null || expiry === NO_EXPIRY_SENTINEL) return 'N/A';
  return formatLocalDate(expiry);
}

export function formatCpe(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/0$/, '');
}
