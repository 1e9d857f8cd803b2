/**
 * The private calendar feed as iCalendar (ical-generator): one all-day event
 * per deadline of every certification (the rules engine's standing: its
 * end, grace and suspension ends, reporting years, fees and late fees),
 * each with alarms ahead of it. UIDs are the certification id and the
 * deadline's key, so a calendar app that refreshes the feed updates its
 * events instead of duplicating them, and a renewed cycle's dates are new
 * events.
 *
 * What RFC 5545 readers need of a feed that changes: DTSTAMP is when the
 * feed was built, SEQUENCE grows whenever what an event says can change (it
 * counts the seconds from 2020 to the certification's last change: a rename
 * or new dates give every event of it a higher one), TEXT values of the
 * calendar's own properties are escaped, and the last line ends with CRLF
 * like every other.
 */
import ical, { ICalAlarmType, ICalCalendarMethod } from 'ical-generator';
import { type Deadline, catalogueEntryById, evaluate } from '@cpe/shared';
import type { CertificationWithCredits } from '../data/certifications';

/** Alarms before each deadline, in days: a month, a week and the day before. */
export const CALENDAR_ALARM_DAYS = [30, 7, 1] as const;

const DAY_SECONDS = 86_400;

export interface CalendarOptions {
  today: string;
  /** When the feed is built: every event's DTSTAMP. */
  now: Date;
  /** Each certification's last change (ISO timestamp), by id: its events' SEQUENCE. */
  revisions: ReadonlyMap<string, string>;
  /** The deploy's host name: UIDs are globally unique by it. */
  domain: string;
  /** Where the app lives, linked from every event. */
  siteUrl: string;
}

export function deadlineUid(certificationId: string, deadline: Deadline, domain: string) {
  return `${certificationId}.${deadline.key}@${domain}`;
}

const SEQUENCE_EPOCH = Date.UTC(2020, 0, 1);

/** Seconds from 2020 to `changedAt`: grows with each change, fits SEQUENCE's integer until 2088. */
export function sequenceOf(changedAt: string | undefined): number {
  const at = changedAt === undefined ? Number.NaN : Date.parse(changedAt);
  return Number.isFinite(at) ? Math.max(0, Math.floor((at - SEQUENCE_EPOCH) / 1000)) : 0;
}

/** An RFC 5545 TEXT value (3.3.11): backslash, semicolon, comma and line breaks escaped. */
export function icsText(value: string): string {
  return value
    .replaceAll('\\', '\\\\')
    .replaceAll(';', '\\;')
    .replaceAll(',', '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

export function calendarFeed(
  certifications: readonly Pick<CertificationWithCredits, 'stored' | 'credits'>[],
  options: CalendarOptions,
) {
  // ical-generator writes X-WR-CALNAME and X-WR-CALDESC as given: escaped here.
  const calendar = ical({
    name: icsText('CPE Tracker deadlines'),
    description: icsText('Expiries, fees, grace periods and minimums of your certifications'),
    prodId: { company: 'CPE Tracker', product: 'deadlines', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: DAY_SECONDS / 4,
  });
  for (const { stored: cert, credits } of certifications) {
    const entry = cert.catalogue_id ? catalogueEntryById(cert.catalogue_id) : undefined;
    for (const deadline of evaluate(entry, cert, credits, options.today).deadlines) {
      const start = new Date(`${deadline.date}T00:00:00Z`);
      calendar.createEvent({
        id: deadlineUid(cert.certification_id, deadline, options.domain),
        start,
        allDay: true,
        stamp: options.now,
        sequence: sequenceOf(options.revisions.get(cert.certification_id)),
        summary: `${cert.certification_name}: ${deadline.label}`,
        description: `${deadline.label} (${deadline.date}).\n${options.siteUrl}/mycertifications`,
        url: `${options.siteUrl}/mycertifications`,
        alarms: CALENDAR_ALARM_DAYS.map((days) => ({
          type: ICalAlarmType.display,
          trigger: days * DAY_SECONDS,
          description: `${cert.certification_name}: ${deadline.label} in ${days} day${days === 1 ? '' : 's'}`,
        })),
      });
    }
  }
  // RFC 5545 ends every content line, the last included, with CRLF.
  return `${calendar.toString()}\r\n`;
}
