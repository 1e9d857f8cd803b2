/**
 * How mail writes dates and figures for one reader: in their locale (a BCP 47
 * tag stored in their settings), with the credit's unit. Dates are calendar
 * days (YYYY-MM-DD) and are never shifted by a time zone.
 */
import { type CreditUnit, creditUnitLabel } from '@cpe/shared';
import { MAIL_DEFAULT_LOCALE } from '@cpe/shared/account';

export interface MailWords {
  locale: string;
  /** `2026-12-01` -> `1 Dec 2026` (en-GB), `Dec 1, 2026` (en-US), `1. Dez. 2026` (de-DE). */
  date(iso: string): string;
  /** Up to two decimals in the locale's digits and separators, without grouping: 12, 12.5, 12,5. */
  number(value: number): string;
  /** `12 CPEs`, `1 PDU`, `2,5 CEUs`. */
  units(value: number, unit: CreditUnit | null): string;
  /** A moment as the reader's clock shows it: `26 Nov 2026, 19:04 AEDT`. */
  moment(at: Date, timeZone: string): string;
  /** Text of the rules engine with its ISO dates and decimals written as above. */
  text(text: string): string;
}

const ISO_DATE_OR_NUMBER = /(\d{4}-\d{2}-\d{2})|(\d+(?:\.\d+)?)/g;

function safeLocale(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? MAIL_DEFAULT_LOCALE;
  } catch {
    return MAIL_DEFAULT_LOCALE;
  }
}

/** One set of formatters per locale: a reminder run writes thousands of mails in few locales. */
const byLocale = new Map<string, MailWords>();

export function mailWords(requested: string): MailWords {
  let words = byLocale.get(requested);
  if (words === undefined) {
    words = makeWords(safeLocale(requested));
    byLocale.set(requested, words);
  }
  return words;
}

function makeWords(locale: string): MailWords {
  const dates = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: false });
  const date = (iso: string) => {
    const [y, m, d] = iso.split('-').map(Number);
    if (!y || !m || !d) return iso;
    return dates.format(new Date(Date.UTC(y, m - 1, d)));
  };
  const number = (value: number) => numbers.format(Math.round(value * 100) / 100);
  return {
    locale,
    date,
    number,
    units: (value, unit) =>
      `${number(value)} ${creditUnitLabel(unit ?? 'CPE', Math.round(value * 100) / 100)}`,
    moment(at, timeZone) {
      try {
        return new Intl.DateTimeFormat(locale, {
          day: 'numeric',
          month: 'short',
          year: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
          timeZone,
          timeZoneName: 'short',
        }).format(at);
      } catch {
        return at.toISOString();
      }
    },
    text: (text) =>
      text.replace(ISO_DATE_OR_NUMBER, (match: string, iso: string | undefined) =>
        iso !== undefined ? date(iso) : number(Number(match)),
      ),
  };
}
