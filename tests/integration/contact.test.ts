/**
 * The contact form under abuse (issue 9 items 4 and 5), on each backend:
 * variants of one mailbox share its limit, one client network has its own,
 * the owner's notifications are capped per hour with the rest stored and
 * summarised later (with the next message, or by the digest job), and a
 * line break never reaches a mail header.
 */
import { type HandlerOf, buildHandler } from '@cpe/api/handlers';
import { ManualClock } from '@cpe/local';
import { API_MESSAGES } from '@cpe/shared';
import { sql } from '../support/data-api';
import { type TestRuntime, backendNames, startTestRuntime } from '../support/runtime';
import { handlerDeps, postFrom } from '../support/handler-deps';

const HOUR = 3_600_000;

type ProxyEvent = Parameters<HandlerOf<'contact'>>[0];

describe.each(backendNames())('contact form limits on %s', (backend) => {
  const clock = new ManualClock('2026-03-01T12:00:00Z');
  let runtime: TestRuntime;

  beforeAll(async () => {
    runtime = await startTestRuntime(backend, { clock });
  });
  afterAll(async () => {
    await runtime.destroy();
  });

  /** A fresh hour: earlier tests' messages and notifications no longer count. */
  beforeEach(() => {
    clock.advance(2 * HOUR);
  });

  const submit = (from: string, email: string, extra: Record<string, string> = {}) =>
    postFrom(runtime, from, '/beta/submit', {
      name: 'Visitor',
      email,
      message: `Hello from ${email}`,
      ...extra,
    });
  const mailsAbout = (needle: string) =>
    runtime.outbox.list().filter((m) => m.text.includes(needle));

  it('counts +tag, dot and case variants of one mailbox against its 5 an hour', async () => {
    const variants = [
      'Ada.Lovelace+1@gmail.com',
      'adalovelace+news@Gmail.com',
      'a.d.a.l.o.v.e.l.a.c.e@googlemail.com',
      'ADALOVELACE@gmail.com',
      'ada.lovelace+x@gmail.com',
    ];
    for (const email of variants) expect((await submit('127.0.0.1', email)).status).toBe(200);
    const sixth = await submit('127.0.0.1', 'Ada.Lovelace+6@GMAIL.COM');
    expect(sixth).toEqual({ status: 429, body: { message: API_MESSAGES.contactRateLimited } });
    expect((await submit('127.0.0.1', 'grace.hopper@gmail.com')).status).toBe(200);
  });

  it('limits one client to 20 messages an hour whatever the addresses; another client is unaffected', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await submit('127.0.0.2', `sender${i}@example.com`)).status).toBe(200);
    }
    const flood = await submit('127.0.0.2', 'sender20@example.com');
    expect(flood).toEqual({
      status: 429,
      body: { message: API_MESSAGES.contactRateLimitedClient },
    });
    expect((await submit('127.0.0.3', 'sender20@example.com')).status).toBe(200);
    clock.advance(HOUR + 1);
    expect((await submit('127.0.0.2', 'sender21@example.com')).status).toBe(200);
  });

  it('caps the owner at 30 notifications an hour, stores the rest, and summarises them in the next notification', async () => {
    const before = runtime.outbox.list().length;
    for (let i = 0; i < 35; i++) {
      const answer = await submit(`127.0.1.${i}`, `visitor${i}@cap.example`);
      expect(answer).toEqual({ status: 200, body: { message: API_MESSAGES.contactSent } });
    }
    expect(runtime.outbox.list().length - before).toBe(30);
    const [held] = await sql(
      runtime,
      'select count(*) as n from contact_messages where notified_at is null',
    );
    expect(Number(held?.n)).toBe(5);

    clock.advance(HOUR + 1);
    expect((await submit('127.0.2.1', 'after@cap.example')).status).toBe(200);
    const summary = mailsAbout('after@cap.example');
    expect(summary).toHaveLength(1);
    expect(summary[0]?.subject).toBe('CPE Tracker contact: Visitor (and 5 held back)');
    for (let i = 30; i < 35; i++)
      expect(summary[0]?.text).toContain(`Hello from visitor${i}@cap.example`);
    const [after] = await sql(
      runtime,
      'select count(*) as n from contact_messages where notified_at is null',
    );
    expect(Number(after?.n)).toBe(0);
  });

  it('lets the digest job send the held-back messages when nobody writes after the flood', async () => {
    const deps = handlerDeps(runtime, { clock, config: { CONTACT_NOTIFY_HOURLY_CAP: '2' } });
    const contact = await buildHandler('contact', deps);
    const digest = await buildHandler('contact-digest', deps);
    const event = (i: number) =>
      ({
        resource: '/submit',
        path: '/submit',
        httpMethod: 'POST',
        headers: { 'content-type': 'application/json' },
        multiValueHeaders: {},
        queryStringParameters: null,
        multiValueQueryStringParameters: null,
        pathParameters: null,
        stageVariables: null,
        body: JSON.stringify({
          name: 'Job',
          email: `job${i}@digest.example`,
          message: `Digest ${i}`,
        }),
        isBase64Encoded: false,
        requestContext: { requestId: `r${i}`, identity: { sourceIp: `198.51.100.${i}` } },
      }) as unknown as ProxyEvent;
    for (let i = 0; i < 4; i++) expect((await contact(event(i))).statusCode).toBe(200);
    expect(mailsAbout('Digest ')).toHaveLength(2);

    // The cap still has no room this hour: nothing is sent.
    expect(await digest()).toEqual({ sent: 0, stillHeld: 0 });
    clock.advance(HOUR + 1);
    expect(await digest()).toEqual({ sent: 2, stillHeld: 0 });
    const sent = runtime.outbox
      .list()
      .filter((m) => m.subject === 'CPE Tracker contact: 2 held-back messages');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain('Digest 2');
    expect(sent[0]?.text).toContain('Digest 3');
    expect(await digest()).toEqual({ sent: 0, stillHeld: 0 });
  });

  it('refuses a line break in the name (400 naming it) before anything is stored or mailed', async () => {
    const before = runtime.outbox.list().length;
    const [stored] = await sql(runtime, 'select count(*) as n from contact_messages');
    const answer = await submit('127.0.3.1', 'crlf@example.com', {
      name: 'Eve\r\nBcc: victim@example.com',
    });
    expect(answer.status).toBe(400);
    expect(Object.keys((answer.body as { errors: object }).errors)).toEqual(['name']);
    expect(runtime.outbox.list().length).toBe(before);
    const [after] = await sql(runtime, 'select count(*) as n from contact_messages');
    expect(after?.n).toBe(stored?.n);
    expect(runtime.outbox.list().some((m) => /[\r\n]/.test(m.subject))).toBe(false);
  });
});
