/**
 * Migration 002 over data written under migration 001 alone (issue 10 item 3,
 * issue 9 items 1, 3 and 5), on each backend: existing certifications are
 * matched to catalogue entries by name where the name is unambiguous, get a
 * cycle length from their dates, lose control characters from single-line
 * text; older rows a new rule would refuse stay readable, and a write that
 * meets the rule answers 400 naming the field; the SQL date functions are
 * the shared TypeScript ones; later migrations keep that data (006: credits
 * dated by their activities).
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ExecuteStatementCommand,
  RDSDataClient,
  type SqlParameter,
} from '@aws-sdk/client-rds-data';
import { createDataApiDb } from '@cpe/api/aws/data-api';
import { parseApiConfig } from '@cpe/api/config';
import { CHECK_CONSTRAINTS } from '@cpe/api/db';
import { type HandlerDeps, type HandlerOf, buildHandler } from '@cpe/api/handlers';
import { ManualClock } from '@cpe/local/clock';
import { createRdsDataEmulator, type RdsDataEmulator } from '@cpe/local/rds-data';
import { addMonthsEndOfMonthIso, cycleMonthsBetween, cycleYearIso } from '@cpe/shared';
import fc from 'fast-check';
import { testBackends } from '../support/backends';
import { LOCAL_CLUSTER_ARN, LOCAL_SECRET_ARN } from '../support/data-api';
import { expected } from '../support/expected';
import { type Served, serve } from '../support/serve';

const MIGRATIONS = path.resolve(__dirname, '../../packages/api/migrations');
const SUB = 'legacy-sub-1';

const unused = () => Promise.reject(new Error('not used by this suite'));

type ProxyEvent = Parameters<HandlerOf<'certifications'>>[0];

describe.each(testBackends())('migration 002 over existing data on $name', (testBackend) => {
  let emulator: RdsDataEmulator;
  let served: Served;
  let onlyFirst: string;
  let deps: (dir: string) => HandlerDeps;
  let client: RDSDataClient;
  const ids: Record<string, string> = {};

  /** One statement through the emulator with the real SDK; rows as JSON objects. */
  async function query(
    sql: string,
    params: Record<string, string | number | null> = {},
  ): Promise<Record<string, unknown>[]> {
    const parameters: SqlParameter[] = Object.entries(params).map(([name, value]) => ({
      name,
      value:
        value === null
          ? { isNull: true }
          : typeof value === 'number'
            ? { longValue: value }
            : { stringValue: value },
    }));
    const out = await client.send(
      new ExecuteStatementCommand({
        resourceArn: LOCAL_CLUSTER_ARN,
        secretArn: LOCAL_SECRET_ARN,
        database: 'cpe',
        sql,
        parameters,
        formatRecordsAs: 'JSON',
      }),
    );
    return out.formattedRecords
      ? (JSON.parse(out.formattedRecords) as Record<string, unknown>[])
      : [];
  }

  beforeAll(async () => {
    emulator = createRdsDataEmulator({
      backend: await testBackend.create(),
      clusterArn: LOCAL_CLUSTER_ARN,
      secretArn: LOCAL_SECRET_ARN,
      database: 'cpe',
    });
    served = await serve(emulator.handle, '/_aws/rds-data');
    client = new RDSDataClient({
      region: 'ap-southeast-2',
      endpoint: served.url,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    onlyFirst = mkdtempSync(path.join(tmpdir(), 'cpe-migrations-'));
    const first = readdirSync(MIGRATIONS).find((f) => f.startsWith('001_'))!;
    copyFileSync(path.join(MIGRATIONS, first), path.join(onlyFirst, first));
    const clock = new ManualClock('2026-03-01T12:00:00Z');
    deps = (dir) => {
      const config = parseApiConfig({
        DB_CLUSTER_ARN: LOCAL_CLUSTER_ARN,
        DB_SECRET_ARN: LOCAL_SECRET_ARN,
        MIGRATIONS_DIR: dir,
      });
      const db = createDataApiDb(
        {
          region: 'ap-southeast-2',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
          endpoints: { rdsData: served.url },
        },
        config,
      );
      return {
        config,
        db,
        clock,
        secrets: { getSecretJson: unused },
        identity: { emailOf: unused, deleteUser: unused, changePassword: unused },
        mailer: { send: unused },
        storage: {
          presignedPost: unused,
          presignedGet: unused,
          head: unused,
          get: unused,
          put: unused,
          delete: unused,
          deletePrefix: unused,
          untag: unused,
        },
      };
    };

    // The schema of the first release, and data it accepted.
    const migrate001 = await buildHandler('migrate', deps(onlyFirst));
    expect(await migrate001()).toEqual({ applied: ['001_init'] });
    const [user] = await query(
      `insert into users (cognito_sub, email) values (:sub, 'legacy@example.com') returning user_id`,
      { sub: SUB },
    );
    const certs: [string, string, string, string | null, string | null][] = [
      ['cissp', 'CISSP', '2024-01-15', '2027-01-14', null],
      ['cisa', 'ISACA CISA certification', '2024-03-10', '2026-12-31', null],
      ['pmp', 'pmp', '2023-05-01', '2026-05-01', null],
      ['ambiguous', 'CPA', '2024-01-01', '2025-01-01', null],
      ['custom', 'My own course', '2024-01-31', '2024-07-31', null],
      ['open', 'No expiry', '2024-01-01', null, null],
      ['crlf', 'Line\r\nBreak\u0007', '2024-01-01', '2025-01-01', null],
      ['bidi', ' \u202eInvoice\u202c fdp.exe\u200f ', '2024-01-01', '2025-01-01', null],
      ['onlyBidi', '\u2066\u2069', '2024-01-01', '2025-01-01', null],
      ['link', 'Old link', '2024-01-01', '2027-01-01', 'https://example.com/a b'],
      ['far', 'Renewed too far', '2999-12-31', '4099-12-30', null],
    ];
    for (const [key, name, earned, expiry, link] of certs) {
      const [inserted] = await query(
        `insert into certifications (user_id, certification_name, earned_date, expiry_date, verification_link)
         values (cast(:user_id as uuid), :name, cast(:earned as date), cast(:expiry as date), :link)
         returning certification_id`,
        { user_id: String(user!.user_id), name, earned, expiry, link },
      );
      ids[key] = String(inserted!.certification_id);
    }
    await query(
      `insert into activities (certification_id, activity_name, description, cpe_units, activity_date)
       values (cast(:id as uuid), 'Talk' || chr(10) || 'two lines', 'Bell' || chr(7) || ' and' || chr(10) || 'newline', 5, '2024-06-01')
       returning activity_id`,
      { id: ids.cissp! },
    );
    await query(
      `insert into contact_messages (name, email, message) values ('Old', 'Old.Sender@Example.com', 'Hi') returning id`,
    );

    const migrateAll = await buildHandler('migrate', deps(MIGRATIONS));
    // 002 and every later migration, in order, over the 001-era data.
    const later = readdirSync(MIGRATIONS)
      .filter((f) => /^\d+_[\w-]+\.sql$/.test(f) && !f.startsWith('001_'))
      .sort()
      .map((f) => f.replace(/\.sql$/, ''));
    expect(later[0]).toBe('002_certification_rules');
    expect(await migrateAll()).toEqual({ applied: later });
  });

  afterAll(async () => {
    client.destroy();
    await served.close();
    await emulator.close();
    rmSync(onlyFirst, { recursive: true, force: true });
  });

  const byKey = async (key: string) =>
    (
      await query(
        `select certification_name, catalogue_id, unit, cycle_months, annual_minimum,
                cast(earned_date as text) as earned_date, cast(expiry_date as text) as expiry_date
           from certifications where certification_id = cast(:id as uuid)`,
        { id: ids[key]! },
      )
    )[0];

  it('matches certifications to catalogue entries where the name is unambiguous, taking unit and annual minimum', async () => {
    expect(await byKey('cissp')).toMatchObject({
      catalogue_id: 'isc2-cissp',
      unit: 'CPE',
      annual_minimum: null,
    });
    expect(await byKey('cisa')).toMatchObject({
      catalogue_id: 'isaca-cisa',
      unit: 'CPE',
      annual_minimum: '20.00',
    });
    expect(await byKey('pmp')).toMatchObject({ catalogue_id: 'pmi-pmp', unit: 'PDU' });
    for (const key of ['ambiguous', 'custom', 'open']) {
      expect(await byKey(key)).toMatchObject({
        catalogue_id: null,
        unit: null,
        annual_minimum: null,
      });
    }
  });

  it('measures each cycle from its dates, as the shared rule does', async () => {
    expect(await byKey('cissp')).toMatchObject({ cycle_months: 36 });
    expect(await byKey('cisa')).toMatchObject({
      cycle_months: cycleMonthsBetween('2024-03-10', '2026-12-31'),
    });
    expect(await byKey('custom')).toMatchObject({ cycle_months: 6 });
    expect(await byKey('open')).toMatchObject({ cycle_months: null });
  });

  it('takes control and direction-control characters out of single-line text and keeps line breaks in descriptions', async () => {
    expect(await byKey('crlf')).toMatchObject({ certification_name: 'Line Break' });
    // 011: direction controls go too, as the schema drops them on write.
    expect(await byKey('bidi')).toMatchObject({ certification_name: 'Invoice fdp.exe' });
    expect(await byKey('onlyBidi')).toMatchObject({ certification_name: '?' });
    const [activity] = await query(`select activity_name, description from activities`);
    expect(activity).toEqual({
      activity_name: 'Talk two lines',
      description: 'Bell  and\nnewline',
    });
  });

  it("dates the earlier activity's credit by the activity (migration 006), and moves it with the activity", async () => {
    const credits = async () =>
      query(
        `select cast(cr.activity_date as text) as credit_date, cast(a.activity_date as text) as activity_date,
                cr.cpe_units
           from activity_credits cr join activities a on a.activity_id = cr.activity_id`,
      );
    expect(await credits()).toEqual([
      { credit_date: '2024-06-01', activity_date: '2024-06-01', cpe_units: '5.00' },
    ]);
    await query(`update activities set activity_date = date '2024-07-01'`);
    expect(await credits()).toEqual([
      { credit_date: '2024-07-01', activity_date: '2024-07-01', cpe_units: '5.00' },
    ]);
    await query(`update activities set activity_date = date '2024-06-01'`);
  });

  it('keys earlier contact messages by their address and counts them as notified', async () => {
    const [message] = await query(
      `select sender_key, notified_at is not null as notified, notification_id = id as own from contact_messages`,
    );
    expect(message).toEqual({ sender_key: 'old.sender@example.com', notified: true, own: true });
  });

  it('names a field for every CHECK constraint of the schema', async () => {
    const constraints = await query(
      `select conname from pg_constraint
        where contype = 'c' and conrelid in ('certifications'::regclass, 'activities'::regclass, 'contact_messages'::regclass)`,
    );
    expect(constraints.length).toBeGreaterThan(10);
    for (const { conname } of constraints) {
      expect({ conname, mapped: String(conname) in CHECK_CONSTRAINTS }).toEqual({
        conname,
        mapped: true,
      });
    }
  });

  it('answers an older row a new rule refuses with 400 naming the field on write, never 500, and still reads it', async () => {
    const certifications = await buildHandler('certifications', deps(MIGRATIONS));
    const call = (method: string, resource: string, id: string, body?: unknown) =>
      certifications({
        resource,
        path: resource.replace('{id}', id),
        httpMethod: method,
        headers: {},
        multiValueHeaders: {},
        queryStringParameters: null,
        multiValueQueryStringParameters: null,
        pathParameters: { id },
        stageVariables: null,
        body: body === undefined ? null : JSON.stringify(body),
        isBase64Encoded: false,
        requestContext: {
          requestId: 'r',
          identity: { sourceIp: '127.0.0.1' },
          authorizer: { claims: { sub: SUB } },
        } as unknown as ProxyEvent['requestContext'],
      });

    const read = await call('GET', '/api/certification/{id}', ids.link!);
    expect(read.statusCode).toBe(200);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const renewed = await call('PUT', '/api/renewCertification/{id}', ids.link!, {
      expiry_date: '2027-01-01',
    });
    warn.mockRestore();
    expect(renewed.statusCode).toBe(400);
    expect(JSON.parse(renewed.body)).toMatchObject({
      errors: { verification_link: expected.any(String) },
    });

    const far = await call('PUT', '/api/renewCertification/{id}', ids.far!);
    expect(far.statusCode).toBe(409);
    expect(await byKey('far')).toMatchObject({ expiry_date: '4099-12-30' });
  });

  it('applies nothing the second time', async () => {
    const migrateAgain = await buildHandler('migrate', deps(MIGRATIONS));
    expect(await migrateAgain()).toEqual({ applied: [] });
  });

  it('computes months in SQL exactly as the shared date functions do (property)', async () => {
    const date = fc
      .date({
        min: new Date('1900-01-01T00:00:00Z'),
        max: new Date('2899-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    await fc.assert(
      fc.asyncProperty(date, date, fc.integer({ min: 1, max: 1200 }), async (a, b, n) => {
        const [earned, later] = a <= b ? [a, b] : [b, a];
        const [sql] = await query(
          `select cpe_cycle_months(cast(:earned as date), cast(:later as date)) as months,
                  cast(cpe_add_months_eom(cast(:earned as date), cast(:n as integer)) as text) as eom,
                  cpe_cycle_year(cast(:earned as date), cast(:later as date)) as year`,
          { earned, later, n },
        );
        expect({ earned, later, n, ...sql }).toEqual({
          earned,
          later,
          n,
          months: cycleMonthsBetween(earned, later),
          eom: addMonthsEndOfMonthIso(earned, n),
          year: cycleYearIso(earned, later).index,
        });
      }),
      { numRuns: 150 },
    );
  });
});
