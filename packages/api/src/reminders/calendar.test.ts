import ICAL from 'ical.js';
import type { CertificationWithCredits } from '../data/certifications';
import { calendarFeed, icsText, sequenceOf } from './calendar';

// RFC 5545 3.8.8.2: a non-standard property's value is TEXT unless it says otherwise;
// ical.js leaves unknown properties raw unless told.
(ICAL.design.defaultSet.property as Record<string, unknown>)['x-wr-caldesc'] = {
  defaultType: 'text',
};

/** The row's version, where the stored row carries one (the feed does not read it). */
const ROW_VERSION = { version: 1 };

const cert = (name: string): Pick<CertificationWithCredits, 'stored' | 'credits'> => ({
  stored: {
    certification_id: '00000000-0000-4000-8000-000000000001',
    certification_name: name,
    user_id: 'u1',
    cpe_needed: 40,
    earned_date: '2026-01-01',
    expiry_date: '2029-01-01',
    verification_link: null,
    catalogue_id: null,
    unit: null,
    cycle_months: 36,
    annual_minimum: null,
    member_id: null,
    certified_on: '2026-01-01',
    carried_in: 0,
    carried_category: null,
    ...ROW_VERSION,
  },
  credits: [],
});

const options = (changed: string, now = '2026-06-01T10:20:30Z') => ({
  today: '2026-06-01',
  now: new Date(now),
  revisions: new Map([['00000000-0000-4000-8000-000000000001', changed]]),
  domain: 'cpe.example',
  siteUrl: 'https://cpe.example',
});

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e)) };
}

describe('calendarFeed', () => {
  it('ends every line with CRLF, the last included, and escapes the calendar description', () => {
    const text = calendarFeed([cert('CISA; audit, "x"')], options('2026-05-01T00:00:00Z'));
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text).toContain('X-WR-CALDESC:Expiries\\, fees\\, grace');
    const { calendar, events } = parse(text);
    expect(calendar.getFirstPropertyValue('x-wr-caldesc')).toBe(
      'Expiries, fees, grace periods and minimums of your certifications',
    );
    expect(events[0]?.summary).toMatch(/^CISA; audit, "x": /);
  });

  it('stamps each event with the build time and numbers it by the certification’s last change', () => {
    const first = parse(calendarFeed([cert('CISA')], options('2026-05-01T00:00:00Z'))).events;
    const renamed = parse(
      calendarFeed([cert('CISA renamed')], options('2026-05-02T00:00:00Z', '2026-06-02T00:00:00Z')),
    ).events;

    expect(first.length).toBeGreaterThan(0);
    for (const event of first) {
      expect((event.component.getFirstPropertyValue('dtstamp') as ICAL.Time).toString()).toBe(
        '2026-06-01T10:20:30Z',
      );
      expect(event.sequence).toBe(sequenceOf('2026-05-01T00:00:00Z'));
    }
    for (const [i, event] of renamed.entries()) {
      expect(event.uid).toBe(first[i]?.uid);
      expect(event.sequence).toBeGreaterThan(first[i]?.sequence ?? Infinity);
    }
  });
});

describe('icsText', () => {
  it('escapes what RFC 5545 TEXT escapes', () => {
    expect(icsText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });
});
