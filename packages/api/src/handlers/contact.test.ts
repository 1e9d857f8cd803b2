import type { APIGatewayProxyEvent } from 'aws-lambda';
import { errorBody } from '@cpe/shared/schemas';
import { parseApiConfig } from '../config';
import type { Db, Params } from '../db';
import type { OutgoingMail } from '../aws/ses';
import { contactNotification, createContactHandler, createContactDigestHandler } from './contact';

const config = parseApiConfig({
  DB_CLUSTER_ARN: 'arn:aws:rds:x',
  DB_SECRET_ARN: 'arn:aws:secretsmanager:x',
  CONTACT_TO_ADDRESS: 'owner@example.com',
});
const clock = { now: () => new Date('2026-03-01T10:00:00Z') };

function event(
  body: unknown,
  sourceIp = '203.0.113.7',
  headers: Record<string, string> = {},
): APIGatewayProxyEvent {
  return {
    resource: '/submit',
    path: '/submit',
    httpMethod: 'POST',
    // The form posts JSON; a test names another type to see it refused.
    headers: { 'Content-Type': 'application/json', ...headers },
    multiValueHeaders: {},
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: null,
    stageVariables: null,
    body: JSON.stringify(body),
    isBase64Encoded: false,
    requestContext: {
      requestId: 'req-1',
      identity: { sourceIp },
      authorizer: null,
    } as unknown as APIGatewayProxyEvent['requestContext'],
  };
}

/** Answers each query with the next canned rows; records every statement. */
function fakeDb(answers: Record<string, unknown>[][]) {
  const calls: { sql: string; params: Params }[] = [];
  const db: Db = {
    query(sql, params, row) {
      calls.push({ sql, params });
      return Promise.resolve((answers.shift() ?? []).map((r) => row.parse(r)));
    },
    execute(sql, params = {}) {
      calls.push({ sql, params });
      return Promise.resolve(1);
    },
    batch: () => Promise.reject(new Error('not expected')),
    transaction: () => Promise.reject(new Error('not expected')),
  };
  return { db, calls };
}

const noHeld = {
  held_id: null,
  held_name: null,
  held_email: null,
  held_message: null,
  held_at: null,
  pending_before: 0,
};

function mailer(fail = false) {
  const sent: OutgoingMail[] = [];
  return {
    sent,
    send(mail: OutgoingMail) {
      if (fail) return Promise.reject(new Error('SES is down'));
      sent.push(mail);
      return Promise.resolve();
    },
  };
}

const message = { name: 'Ada', email: 'Ada+site@Gmail.com', message: 'Hello' };

describe('POST /beta/submit (issue 9 items 4 and 5)', () => {
  it('limits by sender key and client key, passing both to the one statement', async () => {
    const { db, calls } = fakeDb([
      [{ sender_ok: false, client_ok: true, id: null, notification_id: null, ...noHeld }],
      [{ sender_ok: true, client_ok: false, id: null, notification_id: null, ...noHeld }],
    ]);
    const handler = createContactHandler({ db, config, clock, mailer: mailer() });
    const bySender = await handler(event(message, '::ffff:203.0.113.7'));
    const byClient = await handler(event(message));
    expect(bySender.statusCode).toBe(429);
    expect(errorBody.parse(JSON.parse(bySender.body)).message).toMatch(/this address/);
    expect(byClient.statusCode).toBe(429);
    expect(errorBody.parse(JSON.parse(byClient.body)).message).toMatch(/your network/);
    expect(bySender.headers).toMatchObject({ 'Retry-After': '3600' });
    expect(calls[0]?.params).toMatchObject({
      sender_key: 'ada@gmail.com',
      client_key: '203.0.113.7',
      per_sender: 5,
      per_client: 20,
      notifications_per_hour: 30,
      now: '2026-03-01T10:00:00.000Z',
      since: '2026-03-01T09:00:00.000Z',
    });
  });

  it("keys the client by a trusted proxy's viewer-address header only when configured to", async () => {
    const limited = [
      { sender_ok: false, client_ok: true, id: null, notification_id: null, ...noHeld },
    ];
    const spoofed = { 'CloudFront-Viewer-Address': '192.0.2.55:1234' };
    const plain = fakeDb([limited]);
    await createContactHandler({ db: plain.db, config, clock, mailer: mailer() })(
      event(message, '203.0.113.7', spoofed),
    );
    expect(plain.calls[0]?.params.client_key).toBe('203.0.113.7');

    const behindCloudFront = parseApiConfig({
      DB_CLUSTER_ARN: 'arn:aws:rds:x',
      DB_SECRET_ARN: 'arn:aws:secretsmanager:x',
      CONTACT_CLIENT_ADDRESS_HEADER: 'CloudFront-Viewer-Address',
    });
    const proxied = fakeDb([limited, limited]);
    const handler = createContactHandler({
      db: proxied.db,
      config: behindCloudFront,
      clock,
      mailer: mailer(),
    });
    await handler(
      event(message, '130.176.0.1', { 'cloudfront-viewer-address': '192.0.2.55:1234' }),
    );
    await handler(event(message, '130.176.0.1'));
    expect(proxied.calls.map((c) => c.params.client_key)).toEqual(['192.0.2.55', '130.176.0.1']);
  });

  it('stores a message past the owner cap without mailing, and answers the visitor as usual', async () => {
    const { db } = fakeDb([
      [{ sender_ok: true, client_ok: true, id: 'm1', notification_id: null, ...noHeld }],
    ]);
    const mail = mailer();
    const result = await createContactHandler({ db, config, clock, mailer: mail })(event(message));
    expect(result.statusCode).toBe(200);
    expect(mail.sent).toEqual([]);
  });

  it('summarises the held-back messages in the next notification', async () => {
    const { db } = fakeDb([
      [
        {
          sender_ok: true,
          client_ok: true,
          id: 'm9',
          notification_id: 'n1',
          ...noHeld,
          held_id: 'm1',
          held_name: 'Bob',
          held_email: 'bob@example.com',
          held_message: 'Held one',
          held_at: '2026-03-01 09:30:00+00',
          pending_before: 3,
        },
      ],
    ]);
    const mail = mailer();
    await createContactHandler({ db, config, clock, mailer: mail })(event(message));
    expect(mail.sent).toHaveLength(1);
    expect(mail.sent[0]?.subject).toBe('CPE Tracker contact: Ada (and 1 held back)');
    expect(mail.sent[0]?.text).toContain('Held one');
    expect(mail.sent[0]?.text).toContain('2 more held-back messages are stored');
  });

  it('releases the notification when the email fails, so its messages wait for the next', async () => {
    const { db, calls } = fakeDb([
      [{ sender_ok: true, client_ok: true, id: 'm2', notification_id: 'n2', ...noHeld }],
    ]);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const result = await createContactHandler({ db, config, clock, mailer: mailer(true) })(
      event(message),
    );
    error.mockRestore();
    expect(result.statusCode).toBe(200);
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({ params: { id: 'n2' } });
    expect(calls[1]?.sql).toMatch(/set notified_at = null/);
  });

  it.each([
    ['text/plain;charset=UTF-8'],
    ['application/x-www-form-urlencoded'],
    ['multipart/form-data; boundary=x'],
    [''],
  ])(
    'refuses a body sent as %j (what another site can post without a preflight): 415, nothing stored or mailed',
    async (type) => {
      const { db, calls } = fakeDb([]);
      const mail = mailer();
      const handler = createContactHandler({ db, config, clock, mailer: mail });
      const sent = event(message, '203.0.113.7', { 'Content-Type': type });
      const result = await handler(sent);
      expect(result.statusCode).toBe(415);
      expect(JSON.parse(result.body)).toEqual({
        message: `Unsupported content type ${type.split(';')[0] || '(none)'}: the contact form accepts application/json`,
      });
      expect(calls).toHaveLength(0);
      expect(mail.sent).toEqual([]);
    },
  );

  it('accepts JSON whatever the header name case and parameters', async () => {
    const { db, calls } = fakeDb([
      [{ sender_ok: true, client_ok: true, id: 'm3', notification_id: null, ...noHeld }],
    ]);
    const handler = createContactHandler({ db, config, clock, mailer: mailer() });
    const result = await handler({
      ...event(message),
      headers: { 'content-type': 'Application/JSON; charset=utf-8' },
    });
    expect(result.statusCode).toBe(200);
    expect(calls).toHaveLength(1);
  });

  it('refuses a name with a line break before anything is stored (no header injection)', async () => {
    const { db, calls } = fakeDb([]);
    const result = await createContactHandler({ db, config, clock, mailer: mailer() })(
      event({ ...message, name: 'Eve\r\nBcc: victim@example.com' }),
    );
    expect(result.statusCode).toBe(400);
    expect(errorBody.parse(JSON.parse(result.body)).errors).toEqual({
      name: expect.any(String) as unknown,
    });
    expect(calls).toHaveLength(0);
  });
});

describe('contactNotification', () => {
  it('keeps the subject on one line and sets Reply-To only to an address SES carries', () => {
    const ascii = contactNotification(config, { ...message, name: 'A\u2028B' }, 'id');
    expect(ascii.subject).toBe('CPE Tracker contact: A B');
    expect(ascii.replyTo).toBe('Ada+site@Gmail.com');
    const unicode = contactNotification(config, { ...message, email: 'josé@bücher.example' }, 'id');
    expect(unicode.replyTo).toBeUndefined();
    expect(unicode.text).toContain('josé@bücher.example');
  });
});

describe('the contact digest job', () => {
  it('mails the claimed held-back messages in one summary, and nothing when none are claimed', async () => {
    const { db } = fakeDb([
      [
        {
          notification_id: 'n3',
          ...noHeld,
          held_id: 'm1',
          held_name: 'Bob',
          held_email: 'bob@example.com',
          held_message: 'Waiting',
          held_at: 'then',
          pending_before: 1,
        },
      ],
      [{ notification_id: null, ...noHeld }],
    ]);
    const mail = mailer();
    const job = createContactDigestHandler({ db, config, clock, mailer: mail });
    expect(await job()).toEqual({ sent: 1, stillHeld: 0 });
    expect(mail.sent[0]).toMatchObject({
      to: 'owner@example.com',
      subject: 'CPE Tracker contact: 1 held-back message',
    });
    expect(await job()).toEqual({ sent: 0, stillHeld: 0 });
  });
});
