/**
 * What the SES client sends, read back by a MIME parser (mailparser): the
 * mailer's SendEmail request is captured off the wire (the real SESv2
 * client, a local endpoint), rendered as SES renders Simple content, and
 * parsed. SES documents that text without a `Charset` is taken as 7-bit
 * ASCII ("If the text includes characters outside of the ASCII range, you
 * have to specify a character set"), which the rendering follows.
 */
import { simpleParser } from 'mailparser';
import type { DigestClaim } from '../reminders/digest';
import { SUBJECT_MAX_LENGTH, reminderDigest } from '../reminders/digest';
import { type SendEmailRequest, asMime, capturingSes } from '../testing/ses-capture';

const claim = (certificationName: string, text: string): DigestClaim => ({
  userId: 'u1',
  email: 'zoë@example.com',
  locale: 'en-GB',
  timeZone: 'UTC',
  today: '2026-06-01',
  reminders: [
    {
      kind: 'expiry',
      key: 'expiry',
      date: '2026-07-01',
      text,
      certificationId: 'c1',
      certificationName,
      figures: {
        unit: 'CPE',
        earned: 10,
        target: 40,
        expectedSoFar: 20,
        monthlyPaceNeeded: 5,
        stillToEarn: 30,
      },
    },
  ],
});

const config = { MAIL_FROM_ADDRESS: 'no-reply@cpetracker.local', SITE_URL: 'https://cpe.example' };

describe('mail through SES', () => {
  let ses: Awaited<ReturnType<typeof capturingSes>>;
  beforeAll(async () => {
    ses = await capturingSes();
  });
  afterAll(async () => {
    await ses.close();
  });

  it('names UTF-8 on the subject and every body part, so a MIME reader gets the text back exactly', async () => {
    const mail = reminderDigest(
      config,
      claim('Zoë’s 日本語 ✓ cert 😀', 'expires in 30 days'),
      'tok',
    );

    await ses.mailer.send(mail);

    const sent = ses.requests.at(-1) as SendEmailRequest;
    const { Subject, Body } = sent.Content.Simple;
    expect([Subject.Charset, Body.Text.Charset, Body.Html?.Charset]).toEqual([
      'UTF-8',
      'UTF-8',
      'UTF-8',
    ]);
    const parsed = await simpleParser(asMime(sent));
    expect(parsed.subject).toBe('CPE Tracker: Zoë’s 日本語 ✓ cert 😀 expires in 30 days');
    expect(parsed.text).toContain('Zoë’s 日本語 ✓ cert 😀');
    expect(parsed.html).toContain('Zoë’s 日本語 ✓ cert 😀');
  });

  it('cuts a long name between graphemes and keeps what tells two reminders apart', async () => {
    const name = `${'Certified '.repeat(16)}👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧 Professional`;
    await ses.mailer.send(
      reminderDigest(config, claim(name, 'expires in 30 days (2026-07-01)'), 'a'),
    );
    await ses.mailer.send(
      reminderDigest(config, claim(name, 'expires in 7 days (2026-07-01)'), 'b'),
    );

    const subjects = await Promise.all(
      ses.requests.slice(-2).map(async (r) => (await simpleParser(asMime(r))).subject ?? ''),
    );
    const [month = '', week = ''] = subjects;

    for (const subject of [month, week]) {
      expect(subject.length).toBeLessThanOrEqual(SUBJECT_MAX_LENGTH);
      expect(subject).not.toContain('\uFFFD');
      expect(subject).toMatch(/^CPE Tracker: Certified .*… expires in/);
      expect(
        [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(subject)].map(
          (s) => s.segment,
        ),
      ).not.toContain('\u200D');
    }
    expect(month).toMatch(/expires in 30 days \(1 Jul 2026\)$/);
    expect(week).toMatch(/expires in 7 days \(1 Jul 2026\)$/);
    expect(month).not.toBe(week);
  });

  it('keeps the name in a subject whose reminder text alone is longer than a subject', async () => {
    const text = `expires in 60 days (2026-02-27): ${'Total: 0 of 60 PDUs (60 to go); '.repeat(8)}`;
    await ses.mailer.send(reminderDigest(config, claim('PMP', text), 'c'));
    const subject = (await simpleParser(asMime(ses.requests.at(-1)!))).subject ?? '';
    expect(subject.length).toBeLessThanOrEqual(SUBJECT_MAX_LENGTH);
    expect(subject).toMatch(
      /^CPE Tracker: PMP expires in 60 days \(27 Feb 2026\): Total: 0 of 60 PDUs/,
    );
    expect(subject).toMatch(/…$/);
  });
});
