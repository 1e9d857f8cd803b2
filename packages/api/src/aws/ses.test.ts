/**
 * What the SES client sends, read back by a MIME parser (mailparser): the
 * mailer's SendEmail request is captured off the wire (the real SESv2
 * client, a local endpoint), rendered as SES renders Simple content, and
 * parsed. SES documents that text without a `Charset` is taken as 7-bit
 * ASCII ("If the text includes characters outside of the ASCII range, you
 * have to specify a character set"), which the rendering follows.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import type { DigestClaim } from '../reminders/digest';
import { SUBJECT_MAX_LENGTH, reminderDigest } from '../reminders/digest';
import { createSesMailer } from './ses';

interface Part {
  Data: string;
  Charset?: string;
}

interface SendEmailRequest {
  FromEmailAddress: string;
  Destination: { ToAddresses: string[] };
  Content: {
    Simple: {
      Subject: Part;
      Body: { Text: Part; Html?: Part };
      Headers?: { Name: string; Value: string }[];
    };
  };
}

/** Bytes of `part` in its declared charset; without one, 7-bit ASCII (anything else becomes '?'). */
function encoded(part: Part): { charset: string; bytes: Buffer } {
  if (part.Charset?.toUpperCase() === 'UTF-8')
    return { charset: 'UTF-8', bytes: Buffer.from(part.Data, 'utf8') };
  return {
    charset: 'US-ASCII',
    bytes: Buffer.from(part.Data.replace(/[^\p{ASCII}]/gu, '?'), 'ascii'),
  };
}

/** The message as SES builds it from Simple content (RFC 2047 subject, base64 parts). */
function asMime(request: SendEmailRequest): string {
  const { Subject, Body, Headers = [] } = request.Content.Simple;
  const subject = encoded(Subject);
  const part = (type: string, p: Part) => {
    const { charset, bytes } = encoded(p);
    return [
      `Content-Type: ${type}; charset=${charset}`,
      'Content-Transfer-Encoding: base64',
      '',
      bytes.toString('base64').replace(/.{76}/g, '$&\r\n'),
    ].join('\r\n');
  };
  return [
    `From: ${request.FromEmailAddress}`,
    `To: ${request.Destination.ToAddresses.join(', ')}`,
    `Subject: =?${subject.charset}?B?${subject.bytes.toString('base64')}?=`,
    ...Headers.map((h) => `${h.Name}: ${h.Value}`),
    'MIME-Version: 1.0',
    'Content-Type: multipart/alternative; boundary="part"',
    '',
    '--part',
    part('text/plain', Body.Text),
    ...(Body.Html ? ['--part', part('text/html', Body.Html)] : []),
    '--part--',
    '',
  ].join('\r\n');
}

/** A local SESv2 endpoint that keeps each SendEmail request. */
async function capturingSes() {
  const requests: SendEmailRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as SendEmailRequest);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ MessageId: 'm1' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const mailer = createSesMailer({
    region: 'ap-southeast-2',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    endpoints: { sesv2: `http://127.0.0.1:${port}` },
  });
  return { requests, mailer, close: () => new Promise((resolve) => server.close(resolve)) };
}

const claim = (certificationName: string, text: string): DigestClaim => ({
  userId: 'u1',
  email: 'zoë@example.com',
  reminders: [
    {
      kind: 'expiry',
      key: 'expiry',
      date: '2026-07-01',
      text,
      certificationId: 'c1',
      certificationName,
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
    expect(month).toMatch(/expires in 30 days \(2026-07-01\)$/);
    expect(week).toMatch(/expires in 7 days \(2026-07-01\)$/);
    expect(month).not.toBe(week);
  });
});
