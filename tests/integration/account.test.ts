/**
 * The account routes end to end on the local runtime (real SDK users, the
 * gateway, the Data API and S3 emulators): settings, the calendar feed's
 * token kept only as its hash, the export (a large one by link, expiring a
 * day later), and deletion that leaves no row and no object of the user,
 * finished by a retry when it failed midway.
 */
import { createHash } from 'node:crypto';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { createS3Storage } from '@cpe/api/aws/s3';
import { buildHandler } from '@cpe/api/handlers';
import { DOWNLOADS_EXPIRATION } from '@cpe/api/functions';
import { EXPORT_LINK_SECONDS, createAccountHandler } from '@cpe/api/handlers/account';
import { API_MESSAGES, type CalendarFeed } from '@cpe/shared';
import { LOCAL_EVIDENCE_BUCKET } from '@cpe/local';
import { ManualClock } from '@cpe/local/clock';
import { decodeJwt } from 'jose';
import { createCertification } from '../support/api';
import { sql } from '../support/data-api';
import { expected } from '../support/expected';
import { handlerDeps } from '../support/handler-deps';
import {
  type TestRuntime,
  backendNames,
  runS3Lifecycle,
  startTestRuntime,
} from '../support/runtime';
import { type TestUser, api, cognitoClient, createUser, signIn } from '../support/users';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const FEED_PATH = /^\/api\/calendar\/([A-Za-z0-9_-]{43})\.ics$/;

describe.each(backendNames())('account routes on %s', (backend) => {
  let runtime: TestRuntime;
  let bob: TestUser;

  beforeAll(async () => {
    runtime = await startTestRuntime(backend);
    bob = await createUser(runtime);
  });
  afterAll(async () => {
    await runtime.destroy();
  });

  const storage = () =>
    createS3Storage(
      {
        region: 'ap-southeast-2',
        credentials: runtime.credentials,
        endpoints: { s3: `${runtime.url}/_aws/s3` },
      },
      LOCAL_EVIDENCE_BUCKET,
    );
  const subOf = (user: TestUser) => String(decodeJwt(user.accessToken).sub);
  /** The object key a presigned GET of the evidence bucket names. */
  const keyOf = (url: string) =>
    decodeURIComponent(new URL(url).pathname).split(`/${LOCAL_EVIDENCE_BUCKET}/`)[1]!;
  const deleteAccount = (user: TestUser, email: string) =>
    api(runtime, user.accessToken).raw('DELETE', '/api/account', JSON.stringify({ email }));

  /** Rows per table of the public schema. */
  async function rowCounts(): Promise<Record<string, number>> {
    const tables = await sql(
      runtime,
      `select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const counts: Record<string, number> = {};
    for (const { table_name } of tables) {
      const [row] = await sql(runtime, `select count(*)::int as n from "${String(table_name)}"`);
      counts[String(table_name)] = Number(row?.n);
    }
    return counts;
  }

  /** A certification with one activity, through the API. */
  async function someData(user: TestUser, name: string) {
    const cert = await createCertification(api(runtime, user.accessToken), {
      certification_name: name,
      cpe_needed: 40,
      earned_date: '2025-01-01',
      expiry_date: '2028-01-01',
    });
    const certificationId = cert.certification_id;
    const activity = await api(runtime, user.accessToken).post('/api/activities', {
      certification_id: certificationId,
      activity_name: `${name} seminar`,
      cpe_units: 3,
      activity_date: '2025-02-01',
    });
    expect(activity.status).toBe(201);
    return certificationId;
  }

  it('answers the defaults, changes what is sent and keeps the rest', async () => {
    const carol = await createUser(runtime, { marketingOpt: true });
    const as = api(runtime, carol.accessToken);

    expect((await as.get('/api/account/settings')).body).toEqual({
      reminders_enabled: true,
      reminder_lead_days: [90, 60, 30, 7],
      marketing_opt: true,
      locale: null,
      time_zone: null,
      holder_name: null,
      calendar_feed: { enabled: false, created_at: null },
      forwarding_address: expected.stringMatching(/^[a-hjkmnp-z2-9]{20}@in\.localhost$/),
    });

    const changed = await as.put('/api/account/settings', {
      reminders_enabled: false,
      reminder_lead_days: [7, 30],
    });
    expect(changed).toMatchObject({
      status: 200,
      body: { reminders_enabled: false, reminder_lead_days: [30, 7], marketing_opt: true },
    });
    const optedOut = await as.put('/api/account/settings', { marketing_opt: false });
    expect(optedOut.body).toEqual({
      reminders_enabled: false,
      reminder_lead_days: [30, 7],
      marketing_opt: false,
      locale: null,
      time_zone: null,
      holder_name: null,
      calendar_feed: { enabled: false, created_at: null },
      forwarding_address: expected.stringMatching(/^[a-hjkmnp-z2-9]{20}@in\.localhost$/),
    });
    const user = await as.get(`/api/users/${encodeURIComponent(carol.email)}`);
    expect(user.body).toMatchObject({ marketing_opt: false });
    const none = await as.put('/api/account/settings', { reminder_lead_days: [] });
    expect(none.body).toMatchObject({ reminder_lead_days: [] });
    expect((await as.get('/api/account/settings')).body).toMatchObject({
      reminders_enabled: false,
      reminder_lead_days: [],
    });
  });

  it('answers 400 naming the field for bad settings, and changes nothing', async () => {
    const as = api(runtime, bob.accessToken);
    const before = (await as.get('/api/account/settings')).body;
    for (const [body, field] of [
      [{ reminder_lead_days: [45] }, 'reminder_lead_days.0'],
      [{ reminder_lead_days: [7, 7] }, 'reminder_lead_days'],
      [{ reminder_lead_days: '7' }, 'reminder_lead_days'],
      [{ reminders_enabled: 'yes' }, 'reminders_enabled'],
      [{ marketing_opt: null }, 'marketing_opt'],
    ] as const) {
      const answer = await as.put('/api/account/settings', body);
      expect(answer.status).toBe(400);
      expect(Object.keys((answer.body as { errors: object }).errors)).toEqual([field]);
    }
    expect((await as.get('/api/account/settings')).body).toEqual(before);
  });

  it('keeps locale, time zone and the name on reports in canonical form; null clears them', async () => {
    const erin = await createUser(runtime);
    const as = api(runtime, erin.accessToken);
    const saved = await as.put('/api/account/settings', {
      locale: 'de-de',
      time_zone: 'europe/berlin',
      holder_name: '  Erin Zoë Müller  ',
    });
    expect(saved).toMatchObject({
      status: 200,
      body: { locale: 'de-DE', time_zone: 'Europe/Berlin', holder_name: 'Erin Zoë Müller' },
    });
    const [row] = await sql(
      runtime,
      `select s.locale, s.time_zone, s.holder_name from user_settings s
         join users u using (user_id) where u.email = :email`,
      { email: erin.email },
    );
    expect(row).toEqual({
      locale: 'de-DE',
      time_zone: 'Europe/Berlin',
      holder_name: 'Erin Zoë Müller',
    });
    // Absent fields stay; null (or an empty field) goes back to the default.
    expect(
      (await as.put('/api/account/settings', { reminders_enabled: false })).body,
    ).toMatchObject({
      locale: 'de-DE',
      time_zone: 'Europe/Berlin',
      holder_name: 'Erin Zoë Müller',
    });
    expect(
      (await as.put('/api/account/settings', { locale: null, time_zone: '', holder_name: null }))
        .body,
    ).toMatchObject({ locale: null, time_zone: null, holder_name: null, reminders_enabled: false });
  });

  it('answers 400 with a clear message for a locale, time zone or name it cannot use, and stores nothing', async () => {
    const fay = await createUser(runtime);
    const as = api(runtime, fay.accessToken);
    await as.put('/api/account/settings', { locale: 'en-AU', time_zone: 'Australia/Sydney' });
    const before = (await as.get('/api/account/settings')).body;
    for (const [body, field, message] of [
      [{ locale: 'english' }, 'locale', /^Locale must be a language tag such as en-GB/],
      [{ locale: 'en_GB' }, 'locale', /^Locale must be/],
      [{ locale: 'x'.repeat(300) }, 'locale', /^Locale must be/],
      [{ locale: 12 }, 'locale', /^Locale must be/],
      [{ time_zone: 'Mars/Olympus_Mons' }, 'time_zone', /^Time zone must be a time zone name/],
      [{ time_zone: 'GMT+25' }, 'time_zone', /^Time zone must be/],
      [{ time_zone: '../../etc' }, 'time_zone', /^Time zone must be/],
      [{ holder_name: 'Ada\nLovelace' }, 'holder_name', /Name on reports must be one line/],
      [{ holder_name: 'A'.repeat(201) }, 'holder_name', /at most 200 characters/],
    ] as const) {
      const answer = await as.put('/api/account/settings', body);
      expect(answer.status).toBe(400);
      const errors = (answer.body as { errors: Record<string, string> }).errors;
      expect(Object.keys(errors)).toEqual([field]);
      expect(errors[field]).toMatch(message);
    }
    expect((await as.get('/api/account/settings')).body).toEqual(before);
  });

  it('turns the feed on once, keeping only the hash; rotates it; turns it off', async () => {
    const dora = await createUser(runtime);
    const as = api(runtime, dora.accessToken);
    const hashOf = async () =>
      (
        await sql(
          runtime,
          `select s.calendar_token_sha256 as h from user_settings s
             join users u using (user_id) where u.email = :email`,
          { email: dora.email },
        )
      )[0]?.h ?? null;

    const on = await as.post('/api/account/calendar');
    expect(on.status).toBe(201);
    const { path, created_at } = on.body as CalendarFeed;
    const token = FEED_PATH.exec(path)?.[1] ?? '';
    expect(token).not.toBe('');
    expect(created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(await hashOf()).toBe(sha256(token));
    expect(JSON.stringify(await sql(runtime, 'select * from user_settings'))).not.toContain(token);
    expect((await as.get('/api/account/settings')).body).toMatchObject({
      calendar_feed: { enabled: true, created_at },
    });

    const again = await as.post('/api/account/calendar');
    expect(again).toMatchObject({
      status: 409,
      body: { message: API_MESSAGES.calendarFeedAlreadyOn },
    });
    expect(await hashOf()).toBe(sha256(token));

    const rotated = await as.put('/api/account/calendar');
    expect(rotated.status).toBe(200);
    const newToken = FEED_PATH.exec((rotated.body as CalendarFeed).path)?.[1] ?? '';
    expect(newToken).not.toBe(token);
    expect(await hashOf()).toBe(sha256(newToken));

    expect((await as.delete('/api/account/calendar')).status).toBe(204);
    expect(await hashOf()).toBeNull();
    expect((await as.delete('/api/account/calendar')).status).toBe(204);
    expect((await as.get('/api/account/settings')).body).toMatchObject({
      calendar_feed: { enabled: false, created_at: null },
    });
    expect(await as.put('/api/account/calendar')).toMatchObject({
      status: 409,
      body: { message: API_MESSAGES.calendarFeedOff },
    });
    // Reminder settings were left alone by the feed's changes.
    expect((await as.get('/api/account/settings')).body).toMatchObject({
      reminders_enabled: true,
      reminder_lead_days: [90, 60, 30, 7],
    });
  });

  it("exports the caller's data and nobody else's, without secrets", async () => {
    const erin = await createUser(runtime);
    const certificationId = await someData(erin, 'CISSP');
    await someData(bob, 'Bob only');
    const as = api(runtime, erin.accessToken);
    await as.post('/api/account/calendar');
    await as.put('/api/account/settings', { reminder_lead_days: [30] });

    const exported = await as.get('/api/account/export');

    expect(exported.status).toBe(200);
    const body = exported.body as Record<string, unknown>;
    expect(body).toMatchObject({
      user: { user_id: erin.userId, email: erin.email, marketing_opt: false },
      settings: { reminders_enabled: true, reminder_lead_days: [30], calendar_feed_on: true },
      certifications: [{ certification_id: certificationId, certification_name: 'CISSP' }],
      activities: [{ certification_id: certificationId, activity_name: 'CISSP seminar' }],
      credits: [{ certification_id: certificationId, is_archived: false }],
      files: [],
    });
    expect(Date.parse(String(body.exported_at))).not.toBeNaN();
    const text = JSON.stringify(body);
    expect(text).not.toContain('Bob only');
    expect(text).not.toContain(subOf(erin));
    expect(text).not.toContain('sha256');
    expect(text).not.toContain('object_key');
  });

  /** Calls the account handler as API Gateway would, with options of the test's choosing. */
  async function exportWith(user: TestUser, options: Parameters<typeof createAccountHandler>[0]) {
    const handler = createAccountHandler(options);
    const answer = await handler({
      resource: '/api/account/export',
      path: '/api/account/export',
      httpMethod: 'GET',
      headers: {},
      queryStringParameters: null,
      pathParameters: null,
      body: null,
      isBase64Encoded: false,
      requestContext: { requestId: 'export', authorizer: { claims: { sub: subOf(user) } } },
    } as unknown as Parameters<typeof handler>[0]);
    expect(answer.statusCode).toBe(200);
    return JSON.parse(answer.body) as Record<string, unknown>;
  }

  const withoutDate = (document: Record<string, unknown>) => ({ ...document, exported_at: '' });

  it('exports every record of the user: renewed cycles, pending uploads, reminder history, settings, the inbox', async () => {
    const ivy = await createUser(runtime);
    const certificationId = await someData(ivy, 'CCSP');
    await api(runtime, ivy.accessToken).put('/api/account/settings', { reminder_lead_days: [60] });
    await sql(
      runtime,
      `insert into certification_cycles (certification_id, start_date, end_date, carried_in)
       values (cast(:id as uuid), date '2022-01-01', date '2024-12-31', 4)`,
      { id: certificationId },
    );
    await sql(
      runtime,
      `insert into uploads (user_id, object_key, file_name, content_type, size_bytes, expires_at)
       select user_id, 'users/' || cognito_sub || '/uploads/u-ivy', 'pending é.pdf',
              'application/pdf', 1234, now() + interval '10 minutes'
         from users where email = :email`,
      { email: ivy.email },
    );
    await sql(
      runtime,
      `insert into reminder_log (certification_id, reminder_key, user_id, kind, deadline, run_id,
                                 claimed_at, sent_at)
       select cast(:id as uuid), 'expiry:2028-01-01', user_id, 'expiry', date '2028-01-01',
              gen_random_uuid(), now(), now()
         from users where email = :email`,
      { id: certificationId, email: ivy.email },
    );

    await sql(
      runtime,
      `insert into proposals (user_id, source, source_label, activity_name, cpe_units,
                              proof_key, proof_name, proof_type, proof_size)
       select user_id, 'email', 'Email from webinars@example.com: Your certificate',
              'Zero trust webinar', 1.5, 'users/' || cognito_sub || '/inbox/p-ivy', 'certificate.pdf',
              'application/pdf', 99
         from users where email = :email`,
      { email: ivy.email },
    );
    const [{ forwarding_local }] = (await sql(
      runtime,
      'select forwarding_local from users where email = :email',
      { email: ivy.email },
    )) as [{ forwarding_local: string }];

    const exported = await api(runtime, ivy.accessToken).get('/api/account/export');

    expect(exported.status).toBe(200);
    expect(exported.body).toMatchObject({
      user: { email: ivy.email, forwarding_local },
      proposals: [
        {
          source: 'email',
          source_label: 'Email from webinars@example.com: Your certificate',
          activity_name: 'Zero trust webinar',
          cpe_units: 1.5,
          proof_name: 'certificate.pdf',
        },
      ],
      settings: { reminder_lead_days: [60], calendar_feed_on: false },
      renewed_cycles: [
        { certification_id: certificationId, start_date: '2022-01-01', end_date: '2024-12-31' },
      ],
      uploads: [{ file_name: 'pending é.pdf', content_type: 'application/pdf', size: 1234 }],
      reminders: [
        { certification_id: certificationId, reminder_key: 'expiry:2028-01-01', kind: 'expiry' },
      ],
    });
    const text = JSON.stringify(exported.body);
    expect(text).not.toContain('object_key');
    expect(text).not.toContain('u-ivy');
    expect(text).not.toContain('p-ivy');
    expect(text).not.toContain(subOf(ivy));
  });

  it('exports 150 activities with long descriptions whole, in pages under the Data API limits', async () => {
    const jo = await createUser(runtime);
    const certificationId = await someData(jo, 'PMP');
    await sql(
      runtime,
      `with a as (
         insert into activities (certification_id, activity_name, description, cpe_units, activity_date)
         select cast(:id as uuid), 'Seminar ' || n, repeat('Notes on risk, ' || n || '. ', 120), 1,
                date '2025-01-01' + n
           from generate_series(1, 150) as n
         returning activity_id, certification_id, cpe_units, activity_date)
       insert into activity_credits (activity_id, certification_id, cpe_units, activity_date)
       select activity_id, certification_id, cpe_units, activity_date from a`,
      { id: certificationId },
    );

    const whole = await api(runtime, jo.accessToken).get('/api/account/export');
    const paged = await exportWith(jo, {
      ...handlerDeps(runtime, { clock: new ManualClock('2026-01-01T00:00:00Z') }),
      exportPageBytes: 20_000,
    });

    expect(whole.status).toBe(200);
    const body = whole.body as { activities: unknown[]; credits: unknown[] };
    expect(body.activities).toHaveLength(151);
    expect(body.credits).toHaveLength(151);
    expect(JSON.stringify(body).length).toBeGreaterThan(300_000);
    expect(withoutDate(paged)).toEqual(withoutDate(whole.body as Record<string, unknown>));
  });

  it('stores an export over the inline limit and answers a link that downloads it', async () => {
    const kim = await createUser(runtime);
    await someData(kim, 'CISM');
    const deps = handlerDeps(runtime, { clock: new ManualClock('2026-03-04T05:06:07Z') });

    const written = Date.now();
    const answer = await exportWith(kim, { ...deps, exportInlineMaxBytes: 100 });

    const url = String(answer.url);
    const key = keyOf(url);
    expect(key).toMatch(
      new RegExp(`^downloads/${subOf(kim)}/[0-9a-f-]{36}/cpe-tracker-data-2026-03-04\\.json$`),
    );
    // The link works minutes; the object is kept a day at least.
    expect(Number(new URL(url).searchParams.get('X-Amz-Expires'))).toBe(EXPORT_LINK_SECONDS);
    expect(EXPORT_LINK_SECONDS * 24).toBeLessThanOrEqual(DOWNLOADS_EXPIRATION.days * 86_400);
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(
      'cpe-tracker-data-2026-03-04.json',
    );
    const document = (await download.json()) as Record<string, unknown>;
    expect(document).toMatchObject({
      exported_at: '2026-03-04T05:06:07.000Z',
      user: { email: kim.email },
      certifications: [{ certification_name: 'CISM' }],
    });

    // The bucket's daily lifecycle run keeps it through its first day (S3 counts
    // a day from creation, rounded up to midnight UTC) and removes it by the second midnight.
    await runS3Lifecycle(runtime, new Date(written + 86_400_000 - 60_000));
    expect(await storage().head(key)).toBeDefined();
    await runS3Lifecycle(runtime, new Date(written + 2 * 86_400_000));
    expect(await storage().head(key)).toBeUndefined();
  });

  it("names a stored export by the holder's date in the time zone of their settings", async () => {
    const kit = await createUser(runtime);
    await someData(kit, 'CISA');
    const saved = await api(runtime, kit.accessToken).put('/api/account/settings', {
      time_zone: 'Pacific/Kiritimati',
    });
    expect(saved.status).toBe(200);
    // 12:00 UTC on 4 March is 02:00 on 5 March in Kiritimati (UTC+14).
    const deps = handlerDeps(runtime, { clock: new ManualClock('2026-03-04T12:00:00Z') });

    const answer = await exportWith(kit, { ...deps, exportInlineMaxBytes: 100 });

    expect(keyOf(String(answer.url))).toMatch(
      new RegExp(`^downloads/${subOf(kit)}/[0-9a-f-]{36}/cpe-tracker-data-2026-03-05\\.json$`),
    );
  });

  it("answers 401 everywhere for a caller without a user row (an account gone), and touches nobody else's", async () => {
    const fay = await createUser(runtime);
    await sql(runtime, 'delete from users where email = :email', { email: fay.email });
    const as = api(runtime, fay.accessToken);
    const bobBefore = (await api(runtime, bob.accessToken).get('/api/account/export')).body;

    // Issue 25 item 5: the token outlives the account; nothing answers it but 401.
    expect((await as.get('/api/account/settings')).status).toBe(401);
    expect((await as.put('/api/account/settings', { marketing_opt: true })).status).toBe(401);
    expect((await as.post('/api/account/calendar')).status).toBe(401);
    expect((await as.put('/api/account/calendar')).status).toBe(401);
    expect((await as.delete('/api/account/calendar')).status).toBe(401);
    expect((await as.get('/api/account/export')).status).toBe(401);
    expect((await api(runtime).get('/api/account/settings')).status).toBe(401);
    expect((await api(runtime).get('/api/account/export')).status).toBe(401);

    const bobAfter = (await api(runtime, bob.accessToken).get('/api/account/export')).body;
    expect({ ...(bobAfter as object), exported_at: '' }).toEqual({
      ...(bobBefore as object),
      exported_at: '',
    });
  });

  it('changes the password in Cognito and mails the holder; a wrong current password or a short new one changes nothing', async () => {
    const jon = await createUser(runtime);
    const as = api(runtime, jon.accessToken);
    await as.put('/api/account/settings', { locale: 'en-AU', time_zone: 'Australia/Sydney' });
    const mailsTo = () => runtime.outbox.list().filter((m) => m.to === jon.email);
    const before = mailsTo().length;
    const change = (body: object) => as.raw('POST', '/api/account/password', JSON.stringify(body));

    const wrong = await change({
      current_password: 'not it at all',
      new_password: 'a new one here',
    });
    expect(wrong).toMatchObject({
      status: 400,
      body: { errors: { current_password: 'Current password is not correct' } },
    });
    const short = await change({ current_password: jon.password, new_password: 'short' });
    expect(short).toMatchObject({
      status: 400,
      body: { errors: { new_password: 'New password must be at least 8 characters' } },
    });
    expect((await change({ new_password: 'a new one here' })).status).toBe(400);
    expect(mailsTo().length).toBe(before);
    await expect(signIn(runtime, jon.email, jon.password)).resolves.toBeDefined();

    const changed = await change({
      current_password: jon.password,
      new_password: 'a new one here',
    });
    expect(changed.status).toBe(204);
    await expect(signIn(runtime, jon.email, 'a new one here')).resolves.toBeDefined();
    await expect(signIn(runtime, jon.email, jon.password)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    // The outbox lists the newest first.
    const notice = mailsTo()[0];
    expect(notice?.subject).toBe('CPE Tracker: your password was changed');
    expect(notice?.text).toContain(
      `The password of your CPE Tracker account (${jon.email}) was changed on`,
    );
    // In the holder's time zone: Sydney is UTC+10 or +11.
    expect(notice?.text).toMatch(/was changed on \d{1,2} \w{3} \d{4}, \d\d:\d\d [ap]m AE[DS]T\./);
    expect(notice?.html).toContain('Your password was changed');
    // No session was needed for a wrong token: 401, and no mail.
    expect(
      (
        await api(runtime, 'forged').raw(
          'POST',
          '/api/account/password',
          JSON.stringify({ current_password: 'x', new_password: 'yyyyyyyy' }),
        )
      ).status,
    ).toBe(401);
    expect(mailsTo().length).toBe(before + 1);
  });

  it('mails the holder once the account is deleted', async () => {
    const kim = await createUser(runtime);
    await api(runtime, kim.accessToken).put('/api/account/settings', { locale: 'en-US' });
    expect((await deleteAccount(kim, kim.email)).status).toBe(204);
    const notice = runtime.outbox.list().filter((m) => m.to === kim.email)[0];
    expect(notice?.subject).toBe('CPE Tracker: your account was deleted');
    expect(notice?.text).toContain(
      `Your CPE Tracker account (${kim.email}) and everything stored with it`,
    );
    expect(notice?.text).toMatch(/were deleted on \w{3} \d{1,2}, \d{4}, \d\d:\d\d (AM|PM) UTC\./);
  });

  it('deletes every row and object of the user, then the Cognito user, and nobody else', async () => {
    await someData(bob, 'Bob keeps this');
    await storage().put(`users/${subOf(bob)}/uploads/b1`, new Uint8Array([1]), 'application/pdf');
    const before = await rowCounts();
    const gus = await createUser(runtime);
    await someData(gus, 'PMP');
    await someData(gus, 'CISA');
    const as = api(runtime, gus.accessToken);
    await as.put('/api/account/settings', { reminders_enabled: false, marketing_opt: true });
    await as.post('/api/account/calendar');
    const prefix = `users/${subOf(gus)}/`;
    for (const key of ['uploads/u1', 'uploads/u2', 'reports/r1/report.csv']) {
      await storage().put(`${prefix}${key}`, new Uint8Array([1, 2, 3]), 'text/csv');
    }
    // An export too large to answer inline, stored under the downloads prefix; Bob's stays.
    const exported = await exportWith(gus, {
      ...handlerDeps(runtime, { clock: new ManualClock(new Date()) }),
      exportInlineMaxBytes: 100,
    });
    const download = keyOf(String(exported.url));
    expect(download.startsWith(`downloads/${subOf(gus)}/`)).toBe(true);
    const bobs = `downloads/${subOf(bob)}/d1/report.pdf`;
    await storage().put(bobs, new Uint8Array([1]), 'application/pdf');
    const wrong = await deleteAccount(gus, bob.email);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ errors: { email: API_MESSAGES.deleteEmailMismatch } });
    expect(await storage().head(`${prefix}uploads/u1`)).toBeDefined();
    expect(await storage().head(download)).toBeDefined();

    const deleted = await deleteAccount(gus, gus.email.toUpperCase());

    expect(deleted.status).toBe(204);
    expect(await rowCounts()).toEqual(before);
    expect(await storage().deletePrefix(prefix)).toBe(0);
    expect(await storage().head(download)).toBeUndefined();
    expect(await storage().deletePrefix(`downloads/${subOf(gus)}/`)).toBe(0);
    expect(await storage().head(`users/${subOf(bob)}/uploads/b1`)).toBeDefined();
    expect(await storage().head(bobs)).toBeDefined();
    await expect(
      cognitoClient(runtime).send(
        new InitiateAuthCommand({
          ClientId: runtime.userPoolClientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: gus.email, PASSWORD: gus.password },
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect((await deleteAccount(gus, gus.email)).status).toBe(401);
    expect((await api(runtime, gus.accessToken).post('/api/users', {})).status).toBe(401);
    expect((await api(runtime, bob.accessToken).get('/api/account/settings')).status).toBe(200);
  });

  it('finishes a deletion that failed at the database when called again', async () => {
    const before = await rowCounts();
    const hal = await createUser(runtime);
    await someData(hal, 'CCSP');
    const prefix = `users/${subOf(hal)}/`;
    await storage().put(`${prefix}uploads/x`, new Uint8Array([1]), 'application/pdf');
    // Not one the SDK retries: the call fails after the files are gone, before any row is.
    runtime.rdsData.faults.failNext(1, 'AccessDeniedException');
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);

    const failed = await deleteAccount(hal, hal.email);
    error.mockRestore();

    expect(failed.status).toBe(500);
    expect(await storage().head(`${prefix}uploads/x`)).toBeUndefined();
    expect((await api(runtime, hal.accessToken).get('/api/account/export')).status).toBe(200);
    const retried = await deleteAccount(hal, hal.email);
    expect(retried.status).toBe(204);
    expect(await rowCounts()).toEqual(before);
    expect(await storage().deletePrefix(prefix)).toBe(0);
  });

  it('finishes a deletion that failed at Cognito when called again', async () => {
    const before = await rowCounts();
    const ivy = await createUser(runtime);
    await someData(ivy, 'CEH');
    const deps = handlerDeps(runtime, { clock: new ManualClock(new Date()) });
    let refuse = true;
    const handler = await buildHandler('account', {
      ...deps,
      identity: {
        emailOf: (token) => deps.identity.emailOf(token),
        changePassword: (...args) => deps.identity.changePassword(...args),
        async deleteUser(token) {
          if (refuse) throw new Error('cognito-idp is unavailable');
          return deps.identity.deleteUser(token);
        },
      },
    });
    const call = () =>
      handler({
        resource: '/api/account',
        path: '/api/account',
        httpMethod: 'DELETE',
        headers: { authorization: `Bearer ${ivy.accessToken}` },
        multiValueHeaders: {},
        queryStringParameters: null,
        multiValueQueryStringParameters: null,
        pathParameters: null,
        stageVariables: null,
        body: JSON.stringify({ email: ivy.email }),
        isBase64Encoded: false,
        requestContext: {
          requestId: 'r',
          authorizer: { claims: { sub: subOf(ivy) } },
        },
      } as unknown as Parameters<typeof handler>[0]);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);

    const failed = await call();
    error.mockRestore();

    expect(failed.statusCode).toBe(500);
    expect(await rowCounts()).toEqual(before);
    refuse = false;
    expect((await call()).statusCode).toBe(204);
    await expect(
      cognitoClient(runtime).send(
        new InitiateAuthCommand({
          ClientId: runtime.userPoolClientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: ivy.email, PASSWORD: ivy.password },
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });
});
