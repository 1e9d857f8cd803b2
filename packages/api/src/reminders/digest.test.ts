/**
 * The digest as a reader gets it: built from the rules engine's standing of
 * real certifications (digestsOf), then read back by a MIME parser
 * (mailparser) from what the SES client puts on the wire.
 */
import { simpleParser } from 'mailparser';
import type { CertificationWithCredits } from '../data/certifications';
import type { PageUser } from '../data/reminders';
import { type SendEmailRequest, asMime, capturingSes } from '../testing/ses-capture';
import { digestsOf, reminderDigest } from './digest';

const CERT_ID = '00000000-0000-4000-8000-0000000000c1';
/** The row's version, where the stored row carries one (the rules do not read it). */
const ROW_VERSION = { version: 1 };

/** A certification of 36 CPEs over 2024-2026 with `units` earned mid-2025. */
function certification(units: number): CertificationWithCredits {
  return {
    owner: 'u1',
    timeZone: null,
    stored: {
      certification_id: CERT_ID,
      certification_name: 'Cloud Security <Pro> & Co',
      user_id: 'u1',
      cpe_needed: 36,
      earned_date: '2024-01-01',
      expiry_date: '2027-01-01',
      verification_link: null,
      catalogue_id: null,
      unit: null,
      cycle_months: 36,
      annual_minimum: null,
      member_id: null,
      certified_on: '2024-01-01',
      carried_in: 0,
      carried_category: null,
      ...ROW_VERSION,
    },
    credits: [{ id: 'a1', date: '2025-06-01', units, category: null, archived: false }],
    unsubmitted: 0,
    unarchived: { sum: units, count: 1 },
  };
}

const user = (over: Partial<PageUser> = {}): PageUser => ({
  userId: 'u1',
  email: 'ada@example.com',
  leadDays: [90, 60, 30, 7],
  locale: null,
  timeZone: null,
  certifications: [certification(20.5)],
  ...over,
});

const config = { MAIL_FROM_ADDRESS: 'no-reply@cpe.example', SITE_URL: 'https://cpe.example/' };

describe('the reminder digest', () => {
  let ses: Awaited<ReturnType<typeof capturingSes>>;
  beforeAll(async () => {
    ses = await capturingSes();
  });
  afterAll(async () => {
    await ses.close();
  });

  async function sent(page: PageUser, now: string) {
    const [claim] = digestsOf([page], new Date(now));
    if (!claim) throw new Error('no digest');
    await ses.mailer.send(reminderDigest(config, claim, 'u1.sig'));
    const request = ses.requests.at(-1) as SendEmailRequest;
    return { claim, parsed: await simpleParser(asMime(request)) };
  }

  it('states the shortfall with its figures, unit and dates, and links to act on it (en-GB, UTC)', async () => {
    const { parsed } = await sent(user(), '2026-12-01T08:00:00Z');

    // 36 CPEs x 1065 of 1096 days = 34.98, expected as whole credits: 35; 20.5 earned.
    expect(parsed.subject).toBe(
      'CPE Tracker: Cloud Security <Pro> & Co is 14.5 CPEs behind pace (and 1 more)',
    );
    const text = parsed.text ?? '';
    expect(text).toContain('Your reminders for 1 Dec 2026');
    expect(text).toContain('Cloud Security <Pro> & Co\n');
    expect(text).toContain('  - 14.5 CPEs behind pace: 20.5 of 35 expected by 1 Dec 2026\n');
    expect(text).toContain('    15.5 CPEs still needed by 1 Jan 2027');
    expect(text).toContain(`    Log an activity: https://cpe.example/addactivity/${CERT_ID}`);
    expect(text).toContain('Expires in 31 days (1 Jan 2027)');
    expect(text).toContain(`See what is missing: https://cpe.example/readiness/${CERT_ID}`);
    expect(text).toContain('Stop these emails: https://cpe.example/unsubscribe?token=u1.sig');
    expect(text).toContain('Choose which reminders you get: https://cpe.example/account');
    expect(text).not.toMatch(/\d{4}-\d\d-\d\d/);

    const html = String(parsed.html);
    expect(html).toContain('<html lang="en-GB">');
    expect(html).toContain('Cloud Security &lt;Pro&gt; &amp; Co');
    expect(html).toContain(
      '<strong>14.5 CPEs behind pace: 20.5 of 35 expected by 1 Dec 2026</strong>',
    );
    expect(html).toContain(`href="https://cpe.example/addactivity/${CERT_ID}"`);
    expect(html).toContain(`href="https://cpe.example/readiness/${CERT_ID}"`);
    expect(html).toContain('href="https://cpe.example/unsubscribe?token=u1.sig"');
    expect(html).toContain('CPE Tracker</span>');
    // Readable in mail clients: inline styles only, nothing fetched, nothing run.
    expect(html).not.toMatch(/<(img|script|link|style|iframe)\b/i);
    expect(html).not.toMatch(/\bsrc=|url\(/i);
    expect(html).toMatch(/style="[^"]*max-width:600px/);

    // The one-click header posts to the API; the visible link opens the app's page.
    const raw = ses.requests.at(-1)?.Content.Simple.Headers ?? [];
    expect(raw).toContainEqual({
      Name: 'List-Unsubscribe',
      Value: '<https://cpe.example/api/unsubscribe?token=u1.sig>',
    });
  });

  it('says what a rolling window or a category still needs, as the card does, when the total keeps pace', async () => {
    const base = certification(0);
    // CPA Canada: the year's 20 hours earned, but 100 of the three years' 120.
    const canada: CertificationWithCredits = {
      ...base,
      stored: {
        ...base.stored,
        certification_name: 'CPA Canada',
        catalogue_id: 'cpa-canada',
        unit: 'CPD hours',
        cpe_needed: 20,
        cycle_months: 12,
        earned_date: '2026-01-01',
        expiry_date: '2026-12-31',
        certified_on: '2018-06-01',
      },
      credits: [
        { id: 'a1', date: '2024-03-01', units: 40, category: 'verifiable', archived: true },
        { id: 'a2', date: '2025-03-01', units: 40, category: 'ethics', archived: true },
        { id: 'a3', date: '2026-03-01', units: 20, category: 'verifiable', archived: false },
      ],
    };
    const { claim, parsed } = await sent(
      user({ certifications: [canada] }),
      '2026-09-15T08:00:00Z',
    );
    expect(claim.reminders.map((r) => r.kind)).toContain('behind-pace');
    expect(parsed.subject).toBe(
      'CPE Tracker: CPA Canada is behind pace: 20 CPD hours still needed',
    );
    const text = parsed.text ?? '';
    expect(text).toContain('  - Behind pace\n');
    expect(text).toContain(
      '    20 CPD hours still needed by 31 Dec 2026: about 6 CPD hours a month',
    );
    expect(text).not.toMatch(/\b0 CPD hours/);

    // A PMP with 52 Ways of Working PDUs: 8 for the total, 16 for the two other categories.
    const pmp: CertificationWithCredits = {
      ...base,
      stored: {
        ...base.stored,
        certification_name: 'PMP',
        catalogue_id: 'pmi-pmp',
        unit: 'PDU',
        cpe_needed: 60,
        earned_date: '2023-02-28',
        expiry_date: '2026-02-27',
        certified_on: '2023-02-28',
      },
      credits: [
        { id: 'a1', date: '2024-06-01', units: 52, category: 'ways-of-working', archived: false },
      ],
    };
    const late = await sent(user({ certifications: [pmp] }), '2025-11-20T08:00:00Z');
    expect(late.parsed.text).toContain('16 PDUs still needed by 27 Feb 2026');
    expect(late.parsed.text).not.toContain(' 8 PDUs still needed');
  });

  it("writes dates and decimals in the user's locale", async () => {
    const de = await sent(user({ locale: 'de-DE' }), '2026-12-01T08:00:00Z');
    expect(de.parsed.text).toContain('14,5 CPEs behind pace: 20,5 of 35 expected by 1. Dez. 2026');
    expect(de.parsed.text).toContain('15,5 CPEs still needed by 1. Jan. 2027');
    expect(String(de.parsed.html)).toContain('<html lang="de-DE">');

    const us = await sent(user({ locale: 'en-US' }), '2026-12-01T08:00:00Z');
    expect(us.parsed.text).toContain('14.5 CPEs behind pace: 20.5 of 35 expected by Dec 1, 2026');
    expect(us.parsed.text).toContain('Your reminders for Dec 1, 2026');
  });

  it("works out what is due as of the user's own date", async () => {
    // 08:00 UTC on 1 Dec is 22:00 on 30 Nov in Honolulu and 19:00 on 1 Dec in Sydney.
    const honolulu = await sent(user({ timeZone: 'Pacific/Honolulu' }), '2026-12-01T08:00:00Z');
    expect(honolulu.claim.today).toBe('2026-11-30');
    expect(honolulu.parsed.text).toContain('Expires in 32 days (1 Jan 2027)');
    expect(honolulu.parsed.text).toContain('expected by 30 Nov 2026');
    const sydney = await sent(user({ timeZone: 'Australia/Sydney' }), '2026-12-01T08:00:00Z');
    expect(sydney.claim.today).toBe('2026-12-01');
    expect(sydney.parsed.text).toContain('Expires in 31 days (1 Jan 2027)');
  });

  it('names the count in the subject when several reminders are due', async () => {
    const second = certification(30);
    second.stored = { ...second.stored, certification_id: `${CERT_ID.slice(0, -1)}2` };
    const { parsed } = await sent(
      user({ certifications: [certification(20.5), second] }),
      '2026-12-01T08:00:00Z',
    );
    expect(parsed.subject).toBe('CPE Tracker: 4 reminders for 2 certifications');
  });
});
