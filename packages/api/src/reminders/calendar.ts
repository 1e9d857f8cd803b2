/**
 * The private calendar feed as iCalendar (ical-generator): one all-day event
 * per deadline of every certification (the rules engine's standing: its
 * end, grace and suspension ends, reporting years, fees and late fees),
 * each with alarms ahead of it. UIDs are the certification id and the
 * deadline's key, so a calendar app that refreshes the feed updates its
 * events instead of duplicating them, and a renewed cycle's dates are new
 * events.
 */
import ical, { ICalAlarmType, ICalCalendarMethod } from 'ical-generator';
import { type Deadline, catalogueEntryById, evaluate } from '@cpe/shared';
import type { CertificationWithCredits } from '../data/certifications';

/** Alarms before each deadline, in days: a month, a week and the day before. */
export const CALENDAR_ALARM_DAYS = [30, 7, 1] as const;

const DAY_SECONDS = 86_400;

export interface CalendarOptions {
  today: string;
  /** The deploy's host name: UIDs are globally unique by it. */
  domain: string;
  /** Where the app lives, linked from every event. */
  siteUrl: string;
}

export function deadlineUid(certificationId: string, deadline: Deadline, domain: string) {
  return `${certificationId}.${deadline.key}@${domain}`;
}

export function calendarFeed(
  certifications: readonly Pick<CertificationWithCredits, 'stored' | 'credits'>[],
  options: CalendarOptions,
) {
  const calendar = ical({
    name: 'CPE Tracker deadlines',
    description: 'Expiries, fees, grace periods and minimums of your certifications',
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
        // A stable stamp: the event changes only when its deadline does.
        stamp: new Date(`${cert.earned_date}T00:00:00Z`),
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
  return calendar.toString();
}
