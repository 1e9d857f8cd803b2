/**
 * Reminders (issue 12 items 1 and 2) on each backend: the runtime's schedule
 * runs the daily job as its clock moves through a whole cycle, and exactly
 * the reminders that packages/shared/src/deadlines.ts finds in the rules
 * engine's standing of each day go out, each once, one
 * digest per user and day, with one-click unsubscribe headers; unsubscribing
 * stops them; two overlapping runs send each reminder once; the calendar
 * feed carries every deadline; /_dev/schedules runs a job now.
 */
import { randomUUID, createHash, randomBytes } from 'node:crypto';
import { buildHandler } from '@cpe/api/handlers';
import { ManualClock } from '@cpe/local';
import {
  type RuleCertification,
  type RuleCredit,
  addDaysIso,
  catalogueEntryById,
  cycleMonthsBetween,
  dueReminders,
  evaluate,
} from '@cpe/shared';
import { sql } from '../support/data-api';
import { handlerDeps } from '../support/handler-deps';
import { type TestRuntime, backendNames, startTestRuntime } from '../support/runtime';

interface SeedCert {
  name: string;
  catalogueId: string | null;
  earned: string;
  expiry: string;
  target: number | null;
  activities: Array<{ date: string; units: number; category?: string; submitted?: string }>;
}

interface SeedUser {
  email: string;
  leads?: number[];
  certs: SeedCert[];
}

async function seedUser(runtime: TestRuntime, user: SeedUser) {
  const [row] = await sql(
    runtime,
    `insert into users (cognito_sub, email) values (:sub, :email) returning user_id`,
    { sub: randomUUID(), email: user.email },
  );
  const userId = String(row?.user_id);
  if (user.leads) {
    await sql(
      runtime,
      `insert into user_settings (user_id, reminder_lead_days)
       values (cast(:id as uuid), cast(:leads as integer[]))`,
      { id: userId, leads: `{${user.leads.join(',')}}` },
    );
  }
  const certIds: string[] = [];
  for (const cert of user.certs) {
    const [c] = await sql(
      runtime,
      `insert into certifications (user_id, certification_name, earned_date, expiry_date,
              cpe_needed, catalogue_id, cycle_months)
       values (cast(:user as uuid), :name, cast(:earned as date), cast(:expiry as date),
              cast(nullif(:target, '') as numeric), nullif(:catalogue, ''),
              cpe_cycle_months(cast(:earned as date), cast(:expiry as date)))
       returning certification_id`,
      {
        user: userId,
        name: cert.name,
        earned: cert.earned,
        expiry: cert.expiry,
        target: cert.target === null ? '' : String(cert.target),
        catalogue: cert.catalogueId ?? '',
      },
    );
    const certId = String(c?.certification_id);
    certIds.push(certId);
    for (const a of cert.activities) {
      // An activity and its one credit, as the activities API writes them.
      await sql(
        runtime,
        `with a as (
           insert into activities (certification_id, activity_name, cpe_units, activity_date, category)
           values (cast(:cert as uuid), 'Course', cast(:units as numeric), cast(:date as date),
                   nullif(:category, ''))
           returning activity_id, certification_id, cpe_units, activity_date, category)
         insert into activity_credits
           (activity_id, certification_id, cpe_units, submitted_on, activity_date, category)
         select activity_id, certification_id, cpe_units, cast(nullif(:submitted, '') as date),
                activity_date, category
           from a`,
        {
          cert: certId,
          units: String(a.units),
          date: a.date,
          category: a.category ?? '',
          submitted: a.submitted ?? '',
        },
      );
    }
  }
  return { userId, certIds };
}

/** The seeded certification as the rules engine reads it. */
function ruleCertification(cert: SeedCert): RuleCertification {
  return {
    earned_date: cert.earned,
    expiry_date: cert.expiry,
    certified_on: cert.earned,
    cpe_needed: cert.target,
    annual_minimum: null,
    // As the seed stores it (cpe_cycle_months is cycleMonthsBetween).
    cycle_months: cycleMonthsBetween(cert.earned, cert.expiry),
    unit: null,
  };
}

function ruleCredits(cert: SeedCert): RuleCredit[] {
  return cert.activities.map((a, i) => ({
    id: String(i),
    date: a.date,
    units: a.units,
    category: a.category ?? null,
    archived: false,
  }));
}

/** Credits of the cycle not yet submitted, as the job counts them. */
const unsubmitted = (cert: SeedCert) =>
  cert.activities.filter(
    (a) => !a.submitted && a.units > 0 && a.date >= cert.earned && a.date <= cert.expiry,
  ).length;

describe.each(backendNames())('reminders on %s', (backend) => {
  const clock = new ManualClock('2026-01-01T07:00:00Z');
  let runtime: TestRuntime;

  beforeAll(async () => {
    runtime = await startTestRuntime(backend, { clock });
  });
  afterAll(async () => {
    await runtime.destroy();
  });

  const mailsTo = (email: string) => runtime.outbox.list().filter((m) => m.to === email);

  it('moves through a whole cycle: exactly the due reminders, each once, one digest per user and day; unsubscribe stops them', async () => {
    const users: SeedUser[] = [
      {
        email: 'ada@reminders.example',
        certs: [
          {
            name: 'Custom Cert',
            catalogueId: null,
            earned: '2026-01-01',
            expiry: '2027-01-01',
            target: 30,
            activities: [],
          },
          {
            name: 'CISSP',
            catalogueId: 'isc2-cissp',
            earned: '2023-03-01',
            expiry: '2026-03-01',
            target: 120,
            activities: [
              { date: '2025-05-01', units: 40, category: 'group-a', submitted: '2025-05-02' },
            ],
          },
        ],
      },
      {
        email: 'grace@reminders.example',
        leads: [30],
        certs: [
          {
            name: 'CISA',
            catalogueId: 'isaca-cisa',
            earned: '2025-06-01',
            expiry: '2027-03-01',
            target: 120,
            activities: [
              { date: '2026-02-01', units: 5 },
              { date: '2025-07-01', units: 60 },
            ],
          },
        ],
      },
      {
        email: 'linus@reminders.example',
        certs: [
          {
            name: 'CEH',
            catalogueId: 'eccouncil-ceh',
            earned: '2024-04-15',
            expiry: '2027-04-15',
            target: 120,
            activities: [{ date: '2025-01-10', units: 100 }],
          },
        ],
      },
    ];
    const seeded = [];
    for (const user of users) seeded.push(await seedUser(runtime, user));
    const linus = users[2]!;
    const unsubscribeOn = '2026-06-01';

    // Arrange: what the rules engine and deadlines.ts say each day, each key once.
    const expected = new Map<string, string>(); // `${email} ${key}` -> day first due
    const last = '2027-04-20';
    for (let day = '2026-01-01'; day <= last; day = addDaysIso(day, 1)) {
      for (const user of users) {
        if (user === linus && day >= unsubscribeOn) continue;
        for (const cert of user.certs) {
          const entry = cert.catalogueId ? catalogueEntryById(cert.catalogueId) : undefined;
          const standing = evaluate(entry, ruleCertification(cert), ruleCredits(cert), day);
          for (const r of dueReminders(standing, day, user.leads ?? [90, 60, 30, 7], {
            unsubmittedCredits: unsubmitted(cert),
          })) {
            const id = `${user.email} ${cert.name} ${r.key}`;
            if (!expected.has(id)) expected.set(id, day);
          }
        }
      }
    }
    const expectedDigests = new Set([...expected].map(([id, day]) => `${id.split(' ')[0]} ${day}`));

    // Act: the runtime's own schedule at 08:00 UTC every day; linus unsubscribes one day.
    const sentAt = new Map<string, string>(); // mail id -> day
    for (let day = '2026-01-01'; day <= last; day = addDaysIso(day, 1)) {
      clock.set(`${day}T07:59:00Z`);
      await runtime.scheduler.tick();
      clock.set(`${day}T08:00:30Z`);
      await runtime.scheduler.tick();
      await runtime.scheduler.tick();
      for (const m of runtime.outbox.list()) if (!sentAt.has(m.id)) sentAt.set(m.id, day);
      if (day === unsubscribeOn) {
        const mail = mailsTo(linus.email)[0];
        const link = /^<(.+)>$/.exec(mail?.headers?.['List-Unsubscribe'] ?? '')?.[1];
        expect(link).toBeDefined();
        const answer = await fetch(
          new URL(new URL(link!).pathname + new URL(link!).search, runtime.url),
          {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: 'List-Unsubscribe=One-Click',
          },
        );
        expect(answer.status).toBe(200);
      }
    }

    // Assert: the log of what was sent is exactly the expected reminders, on their days.
    const rows = await sql(
      runtime,
      `select u.email, c.certification_name, l.reminder_key, to_char(l.sent_at, 'YYYY-MM-DD') as day
         from reminder_log l join users u using (user_id) join certifications c using (certification_id)`,
    );
    const actual = new Map(
      rows.map((r) => [
        `${String(r.email)} ${String(r.certification_name)} ${String(r.reminder_key)}`,
        String(r.day),
      ]),
    );
    expect(Object.fromEntries([...actual].sort())).toEqual(
      Object.fromEntries([...expected].sort()),
    );
    expect(expected.size).toBeGreaterThan(15);
    // Every kind the catalogue and the dates make due here is among them.
    const kinds = new Set([...expected.keys()].map((id) => id.split(' ').at(-1)!.split(':')[0]));
    expect([...kinds].sort()).toEqual(
      [
        'annual-fee',
        'annual-minimum',
        'behind-pace',
        'category-minimum',
        'expired',
        'expiry',
        'grace-period-end',
        'not-submitted',
      ].sort(),
    );

    // One digest per user and day with reminders, none on other days.
    const digests = runtime.outbox
      .list()
      .filter((m) => m.subject.startsWith('CPE Tracker:'))
      .map((m) => `${m.to} ${sentAt.get(m.id)}`);
    expect(digests.length).toBe(new Set(digests).size);
    expect(new Set(digests)).toEqual(expectedDigests);

    // Each digest: plain text and HTML, the one-click unsubscribe headers.
    for (const m of runtime.outbox.list().filter((x) => x.subject.startsWith('CPE Tracker:'))) {
      expect(m.headers?.['List-Unsubscribe']).toMatch(
        /^<http:\/\/.+\/api\/unsubscribe\?token=.+>$/,
      );
      expect(m.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(m.html).toContain('Stop these emails</a>');
      expect(m.text).toMatch(/Stop these emails: http:\/\/.+\/unsubscribe\?token=.+/);
      expect(m.text).not.toMatch(/\(\d{4}-\d\d-\d\d\)/);
    }
    // linus heard nothing after unsubscribing, though his deadlines came.
    const linusDays = digests.filter((d) => d.startsWith(linus.email)).map((d) => d.split(' ')[1]!);
    expect(linusDays.length).toBeGreaterThan(0);
    expect(linusDays.every((d) => d <= unsubscribeOn)).toBe(true);
    const [settings] = await sql(
      runtime,
      `select reminders_enabled from user_settings where user_id = cast(:id as uuid)`,
      { id: seeded[2]!.userId },
    );
    expect(settings?.reminders_enabled).toBe(false);
  }, 600_000);

  it('the unsubscribe link opens the app page and changes nothing; the one-click post turns reminders off, Undo on; forged tokens answer 400', async () => {
    const { userId } = await seedUser(runtime, { email: 'page@reminders.example', certs: [] });
    // A token the runtime signed: taken from a digest of this user.
    const cert = await seedUser(runtime, {
      email: 'page2@reminders.example',
      certs: [
        {
          name: 'Soon',
          catalogueId: null,
          earned: addDaysIso(today(), -300),
          expiry: addDaysIso(today(), 5),
          target: null,
          activities: [],
        },
      ],
    });
    const run = await fetch(`${runtime.url}/_dev/schedules/reminder-digest`, { method: 'POST' });
    expect(run.status).toBe(200);
    const mail = mailsTo('page2@reminders.example')[0];
    const link = new URL(/^<(.+)>$/.exec(mail?.headers?.['List-Unsubscribe'] ?? '')![1]!);
    const local = `${runtime.url}${link.pathname}${link.search}`;

    // The address of older emails sends the reader to the app's page, changing nothing.
    const page = await fetch(local, { redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(new URL(page.headers.get('location')!).pathname).toBe('/unsubscribe');
    expect(new URL(page.headers.get('location')!).searchParams.get('token')).toBe(
      link.searchParams.get('token'),
    );
    // The digest's own link opens that page directly.
    expect(mail?.text).toContain(
      `/unsubscribe?token=${encodeURIComponent(link.searchParams.get('token')!)}`,
    );
    const enabled = async (id: string) =>
      (
        await sql(
          runtime,
          `select coalesce((select reminders_enabled from user_settings where user_id = cast(:id as uuid)), true) as on`,
          {
            id,
          },
        )
      )[0]?.on;
    expect(await enabled(cert.userId)).toBe(true);

    const forged = `${cert.userId}.${randomBytes(32).toString('base64url')}`;
    const refused = await fetch(`${runtime.url}/api/unsubscribe?token=${forged}`, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: Record<string, string> }).errors).toHaveProperty(
      'token',
    );
    // Another user's id under this user's signature is forged too.
    const swapped = `${userId}.${link.searchParams.get('token')!.split('.')[1]}`;
    expect(
      (await fetch(`${runtime.url}/api/unsubscribe?token=${swapped}`, { method: 'POST' })).status,
    ).toBe(400);
    expect((await fetch(`${runtime.url}/api/unsubscribe`, { method: 'POST' })).status).toBe(400);

    const done = await fetch(local, { method: 'POST', body: 'List-Unsubscribe=One-Click' });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ reminders_enabled: false });
    expect(await enabled(cert.userId)).toBe(false);

    // Undo takes the same strict token: forged, swapped or missing answer 400 and change nothing.
    const undo = (token?: string) =>
      fetch(
        `${runtime.url}/api/unsubscribe/undo${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`,
        { method: 'POST' },
      );
    for (const bad of [forged, swapped, undefined, `${link.searchParams.get('token')!}x`]) {
      expect((await undo(bad)).status).toBe(400);
    }
    expect(await enabled(cert.userId)).toBe(false);
    const undone = await undo(link.searchParams.get('token')!);
    expect(undone.status).toBe(200);
    expect(await undone.json()).toEqual({ reminders_enabled: true });
    expect(await enabled(cert.userId)).toBe(true);
  });

  it("writes each digest in its user's stored locale, as of the date in their time zone", async () => {
    const seed = (email: string) =>
      seedUser(runtime, {
        email,
        certs: [
          {
            name: 'Locale check',
            catalogueId: null,
            earned: '2030-01-01',
            expiry: '2033-01-01',
            target: 36,
            activities: [{ date: '2031-06-01', units: 20.5, submitted: '2031-06-02' }],
          },
        ],
      });
    const berlin = await seed('berlin@reminders.example');
    const honolulu = await seed('honolulu@reminders.example');
    await sql(
      runtime,
      `insert into user_settings (user_id, locale, time_zone) values
         (cast(:a as uuid), 'de-DE', 'Europe/Berlin'), (cast(:b as uuid), 'en-US', 'Pacific/Honolulu')`,
      { a: berlin.userId, b: honolulu.userId },
    );
    const run = await fetch(`${runtime.url}/_dev/schedules/reminder-digest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now: '2032-12-01T08:00:00Z' }),
    });
    expect(run.status).toBe(200);
    const de = mailsTo('berlin@reminders.example')[0];
    expect(de?.text).toContain('14,5 CPEs behind pace: 20,5 of 35 expected by 1. Dez. 2032');
    expect(de?.html).toContain('<html lang="de-DE">');
    // 08:00 UTC is 22:00 the evening before in Honolulu.
    const us = mailsTo('honolulu@reminders.example')[0];
    expect(us?.text).toContain('expected by Nov 30, 2032');
    expect(us?.text).toContain('Expires in 32 days (Jan 1, 2033)');
  });

  it('two overlapping runs send each reminder once', async () => {
    const day = addDaysIso(today(), 1);
    const emails: string[] = [];
    for (let i = 0; i < 120; i++) {
      const email = `overlap${i}@reminders.example`;
      emails.push(email);
      await seedUser(runtime, {
        email,
        certs: [
          {
            name: `Overlap ${i}`,
            catalogueId: null,
            earned: addDaysIso(day, -400),
            expiry: addDaysIso(day, 6),
            target: null,
            activities: [],
          },
        ],
      });
    }
    const deps = () =>
      handlerDeps(runtime, {
        clock,
        config: { REMINDER_SECRET_ARN: LOCAL_REMINDER_SECRET, REMINDER_PAGE_SIZE: '25' },
      });
    const [a, b] = await Promise.all([
      buildHandler('reminder-digest', deps()),
      buildHandler('reminder-digest', deps()),
    ]);
    const now = `${day}T08:00:00Z`;
    const [ra, rb] = await Promise.all([a({ now }), b({ now })]);
    const overlapMails = runtime.outbox.list().filter((m) => emails.includes(m.to));
    expect(overlapMails).toHaveLength(120);
    expect(new Set(overlapMails.map((m) => m.to)).size).toBe(120);
    expect(ra.failed + rb.failed).toBe(0);
    // Both runs found work: they did overlap, and still no reminder went twice.
    expect(ra.digests).toBeGreaterThan(0);
    expect(rb.digests).toBeGreaterThan(0);
    const [again] = await Promise.all([a({ now: `${day}T09:00:00Z` })]);
    expect(again.digests).toBe(0);
  });

  it('the calendar feed lists every deadline with alarms; unknown, revoked and malformed tokens answer 404', async () => {
    const { userId } = await seedUser(runtime, {
      email: 'cal@reminders.example',
      certs: [
        {
          name: 'CISSP',
          catalogueId: 'isc2-cissp',
          earned: '2027-02-01',
          expiry: '2030-02-01',
          target: 120,
          activities: [],
        },
      ],
    });
    const token = randomBytes(32).toString('base64url');
    await sql(
      runtime,
      `insert into user_settings (user_id, calendar_token_sha256, calendar_token_created_at)
       values (cast(:id as uuid), :hash, now())`,
      { id: userId, hash: createHash('sha256').update(token).digest('hex') },
    );
    const feed = await fetch(`${runtime.url}/api/calendar/${token}.ics`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.headers.get('cache-control')).toBe('no-store');
    const text = await feed.text();
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toMatch(/DTSTART;VALUE=DATE:20300201/);
    expect(text).toContain(`UID:${await certId(userId)}.expiry:2030-02-01@`);
    expect(text).toMatch(/SUMMARY:CISSP: Cycle ends: 120 CPEs still to earn/);
    // Grace period end (ISC2: 90 days) and the Group A minimum by the cycle's end.
    expect(text).toMatch(/DTSTART;VALUE=DATE:20300502/);
    expect(text).toContain('Group A');
    expect(text.match(/BEGIN:VALARM/g)?.length).toBeGreaterThanOrEqual(9);
    // The same feed twice: the same UIDs (calendars update instead of duplicating).
    const uids = (t: string) => t.match(/^UID:.*$/gm)?.sort();
    expect(uids(await (await fetch(`${runtime.url}/api/calendar/${token}.ics`)).text())).toEqual(
      uids(text),
    );

    expect(
      (await fetch(`${runtime.url}/api/calendar/${randomBytes(32).toString('base64url')}.ics`))
        .status,
    ).toBe(404);
    expect((await fetch(`${runtime.url}/api/calendar/${token}`)).status).toBe(404);
    expect((await fetch(`${runtime.url}/api/calendar/%27%20or%201=1.ics`)).status).toBe(404);
    await sql(
      runtime,
      `update user_settings set calendar_token_sha256 = null, calendar_token_created_at = null where user_id = cast(:id as uuid)`,
      { id: userId },
    );
    expect((await fetch(`${runtime.url}/api/calendar/${token}.ics`)).status).toBe(404);
  });

  it('the feed ends with CRLF, escapes its description, stamps the build time and raises SEQUENCE on a rename', async () => {
    const { userId } = await seedUser(runtime, {
      email: 'ics@reminders.example',
      certs: [
        {
          name: 'CISA',
          catalogueId: null,
          earned: '2027-02-01',
          expiry: '2030-02-01',
          target: 120,
          activities: [],
        },
      ],
    });
    const token = randomBytes(32).toString('base64url');
    await sql(
      runtime,
      `insert into user_settings (user_id, calendar_token_sha256, calendar_token_created_at)
       values (cast(:id as uuid), :hash, now())`,
      { id: userId, hash: createHash('sha256').update(token).digest('hex') },
    );
    /** Each event's properties, lines unfolded as RFC 5545 3.1 says (ical.js reads the same in calendar.test.ts). */
    const read = async () => {
      const text = await (await fetch(`${runtime.url}/api/calendar/${token}.ics`)).text();
      const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
      const events: Record<string, string>[] = [];
      for (const line of lines) {
        if (line === 'BEGIN:VEVENT') events.push({});
        const event = events.at(-1);
        const colon = line.indexOf(':');
        if (event && colon > 0 && !(line.split(/[:;]/)[0] ?? '').startsWith('BEGIN')) {
          event[line.slice(0, colon).split(';')[0] as string] ??= line.slice(colon + 1);
        }
      }
      return { text, lines, events };
    };

    const before = await read();

    expect(before.text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(before.text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(before.lines).toContain(
      'X-WR-CALDESC:Expiries\\, fees\\, grace periods and minimums of your certifications',
    );
    expect(before.events.length).toBeGreaterThan(0);
    const built = new Date(Math.floor(clock.now().getTime() / 1000) * 1000)
      .toISOString()
      .replace(/[-:]|\.000/g, '');
    for (const event of before.events) expect(event.DTSTAMP).toBe(built);
    await sql(
      runtime,
      `update certifications set certification_name = 'CISA, renamed',
              updated_at = updated_at + interval '1 hour'
        where user_id = cast(:id as uuid)`,
      { id: userId },
    );
    const after = await read();
    const byUid = new Map(before.events.map((e) => [e.UID, e]));
    expect(after.events.map((e) => e.UID).sort()).toEqual([...byUid.keys()].sort());
    for (const event of after.events) {
      expect(event.SUMMARY).toMatch(/^CISA\\, renamed: /);
      expect(Number(event.SEQUENCE)).toBeGreaterThan(Number(byUid.get(event.UID)?.SEQUENCE));
    }
  });

  it('/_dev/schedules runs a job now, as of another day; unknown name 404, bad body 400, not JSON 415', async () => {
    const run = await fetch(`${runtime.url}/_dev/schedules/reminder-digest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now: '2031-01-01T08:00:00Z' }),
    });
    expect(run.status).toBe(200);
    expect(await run.json()).toMatchObject({ today: '2031-01-01' });
    expect((await fetch(`${runtime.url}/_dev/schedules/nope`, { method: 'POST' })).status).toBe(
      404,
    );
    for (const body of [
      '{',
      '[]',
      '{"now": "yesterday"}',
      '{"now": 5}',
      '{"when": "2031-01-01"}',
    ]) {
      const bad = await fetch(`${runtime.url}/_dev/schedules/reminder-digest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(bad.status).toBe(400);
    }
    const plain = await fetch(`${runtime.url}/_dev/schedules/reminder-digest`, {
      method: 'POST',
      body: JSON.stringify({ now: '2031-01-01T08:00:00Z' }),
    });
    expect(plain.status).toBe(415);
    expect(
      (await fetch(`${runtime.url}/_dev/schedules/contact-digest`, { method: 'POST' })).status,
    ).toBe(200);
  });

  const today = () => clock.now().toISOString().slice(0, 10);
  async function certId(userId: string) {
    const [row] = await sql(
      runtime,
      `select certification_id from certifications where user_id = cast(:id as uuid)`,
      { id: userId },
    );
    return String(row?.certification_id);
  }
});

const LOCAL_REMINDER_SECRET =
  'arn:aws:secretsmanager:ap-southeast-2:000000000000:secret:cpe-local-reminders';
