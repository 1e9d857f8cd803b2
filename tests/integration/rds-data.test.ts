/**
 * Conformance of the RDS Data API emulator, driven through the real
 * @aws-sdk/client-rds-data over HTTP. Runs on PGlite, and on PostgreSQL too
 * when DATABASE_URL is set. Each test works in tables of its own.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BatchExecuteStatementCommand,
  BeginTransactionCommand,
  CommitTransactionCommand,
  ExecuteSqlCommand,
  ExecuteStatementCommand,
  type ExecuteStatementCommandInput,
  type Field,
  RDSDataClient,
  RollbackTransactionCommand,
  type SqlParameter,
} from '@aws-sdk/client-rds-data';
import { ManualClock } from '@cpe/local/clock';
import {
  createPgliteBackend,
  createRdsDataEmulator,
  LOCAL_CLUSTER_ARN,
  LOCAL_SECRET_ARN,
  type RdsDataEmulator,
  type SqlBackend,
} from '@cpe/local/rds-data';
import { exchangeFor, inProcessRequestHandler } from '@cpe/local/http';
import { testBackends } from '../support/backends';
import { expected } from '../support/expected';
import { serve, type Served } from '../support/serve';

jest.setTimeout(60_000);

const target = { resourceArn: LOCAL_CLUSTER_ARN, secretArn: LOCAL_SECRET_ARN };

function clientFor(url: string): RDSDataClient {
  return new RDSDataClient({
    endpoint: url,
    region: 'ap-southeast-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    // One attempt: the tests assert exactly what each call answers.
    maxAttempts: 1,
  });
}

/** Resolves to the SDK error a call rejects with. */
async function failureOf(
  promise: Promise<unknown>,
): Promise<Error & { $metadata?: { httpStatusCode?: number } }> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
}

const str = (name: string, value: string, typeHint?: SqlParameter['typeHint']): SqlParameter => ({
  name,
  value: { stringValue: value },
  ...(typeHint ? { typeHint } : {}),
});
const long = (name: string, value: number): SqlParameter => ({ name, value: { longValue: value } });

describe.each(testBackends())('RDS Data API emulator on $name', (testBackend) => {
  let emulator: RdsDataEmulator;
  let served: Served;
  let client: RDSDataClient;
  let clock: ManualClock;
  let backend: SqlBackend;
  let tableCount = 0;

  /** A table name no other test uses. */
  const table = (stem: string) => `${stem}_${++tableCount}`;

  const execute = (input: Omit<ExecuteStatementCommandInput, 'resourceArn' | 'secretArn'>) =>
    client.send(new ExecuteStatementCommand({ ...target, ...input }));

  beforeAll(async () => {
    clock = new ManualClock(new Date());
    backend = await testBackend.create();
    emulator = createRdsDataEmulator({
      backend,
      clusterArn: LOCAL_CLUSTER_ARN,
      secretArn: LOCAL_SECRET_ARN,
      clock,
    });
    served = await serve(emulator.handle, '/_aws/rds-data');
    client = clientFor(served.url);
  });

  afterAll(async () => {
    client.destroy();
    await served.close();
    await emulator.close();
  });

  afterEach(() => {
    emulator.faults.clear();
    emulator.calls.reset();
  });

  describe('prepared statements and the in-process request handler', () => {
    it('prepares a repeated statement once per session and answers after its table changes', async () => {
      const t = table('kept');
      await execute({ sql: `create table ${t} (id integer primary key)` });
      await execute({ sql: `insert into ${t} values (1)` });
      const sql = `select * from ${t} order by id`;
      for (let i = 0; i < 3; i++) await execute({ sql });

      const kept = await execute({
        sql: 'select count(*) from pg_prepared_statements where statement like :pattern',
        parameters: [str('pattern', `%from ${t} order by id`)],
      });
      await execute({ sql: `alter table ${t} add column name text default 'one'` });
      const after = await execute({ sql });

      expect(kept.records).toEqual([[{ longValue: 1 }]]);
      // A kept plan of `select *` would refuse the new column ("cached plan must not change result type").
      expect(after.records).toEqual([[{ longValue: 1 }, { stringValue: 'one' }]]);
    });

    it('answers the same through the in-process request handler as over HTTP', async () => {
      const direct = new RDSDataClient({
        endpoint: served.url,
        region: 'ap-southeast-2',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        maxAttempts: 1,
        requestHandler: inProcessRequestHandler(exchangeFor(emulator.handle, '/_aws/rds-data')),
      });
      try {
        const t = table('direct');
        await execute({ sql: `create table ${t} (id integer, label text)` });
        const input = {
          ...target,
          sql: `insert into ${t} values (:id, :label) returning id, label`,
          parameters: [long('id', 7), str('label', 'née €')],
          includeResultMetadata: true,
        };
        const inserted = await direct.send(new ExecuteStatementCommand(input));
        const read = await execute({ sql: `select id, label from ${t}` });
        const refused = await failureOf(
          direct.send(new ExecuteStatementCommand({ ...target, sql: `select nope from ${t}` })),
        );

        expect(inserted.records).toEqual([[{ longValue: 7 }, { stringValue: 'née €' }]]);
        expect(inserted.columnMetadata?.map((c) => c.name)).toEqual(['id', 'label']);
        expect(read.records).toEqual(inserted.records);
        expect(refused.name).toBe('DatabaseErrorException');
        expect(refused.$metadata?.httpStatusCode).toBe(400);
      } finally {
        direct.destroy();
      }
    });
  });

  describe('binding and type hints', () => {
    it('inserts and selects DATE, TIME, TIMESTAMP, DECIMAL, JSON and UUID values sent as hinted strings', async () => {
      const t = table('hinted');
      await execute({
        sql: `create table ${t} (id uuid primary key, d date, tm time, ts timestamp, amount numeric(10,2), doc json)`,
      });

      const inserted = await execute({
        sql: `insert into ${t} values (:id, :d, :tm, :ts, :amount, :doc)`,
        parameters: [
          str('id', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 'UUID'),
          str('d', '2024-02-29', 'DATE'),
          str('tm', '13:14:15.5', 'TIME'),
          str('ts', '2024-01-02 03:04:05.120', 'TIMESTAMP'),
          str('amount', '12.5', 'DECIMAL'),
          str('doc', '{"a": [1, 2]}', 'JSON'),
        ],
      });
      const selected = await execute({
        sql: `select id, d, tm, ts, amount, doc from ${t} where id = :id`,
        parameters: [str('id', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 'UUID')],
      });

      expect(inserted.numberOfRecordsUpdated).toBe(1);
      expect(selected.records).toEqual([
        [
          { stringValue: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11' },
          { stringValue: '2024-02-29' },
          { stringValue: '13:14:15.5' },
          { stringValue: '2024-01-02 03:04:05.12' },
          { stringValue: '12.50' },
          { stringValue: '{"a": [1, 2]}' },
        ],
      ]);
    });

    it('refuses a plain stringValue into a uuid or date column, as Aurora does', async () => {
      const t = table('strict');
      await execute({ sql: `create table ${t} (id uuid, d date)` });

      const uuidError = await failureOf(
        execute({
          sql: `insert into ${t} (id) values (:id)`,
          parameters: [str('id', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11')],
        }),
      );
      const dateError = await failureOf(
        execute({ sql: `insert into ${t} (d) values (:d)`, parameters: [str('d', '2024-01-01')] }),
      );

      expect(uuidError.name).toBe('DatabaseErrorException');
      expect(uuidError.$metadata?.httpStatusCode).toBe(400);
      expect(uuidError.message).toContain(
        'ERROR: column "id" is of type uuid but expression is of type character varying',
      );
      expect(uuidError.message).toMatch(/; SQLState: 42804$/);
      expect(dateError.name).toBe('DatabaseErrorException');
      expect(dateError.message).toContain(
        'is of type date but expression is of type character varying',
      );
    });

    it('binds longValue, doubleValue, booleanValue, blobValue and isNull with their JDBC types', async () => {
      const out = await execute({
        sql: 'select pg_typeof(:l)::text as l, pg_typeof(:d)::text as d, pg_typeof(:b)::text as b, pg_typeof(:x)::text as x, :x as bytes, :n::int is null as n',
        parameters: [
          long('l', 9007199254740991),
          { name: 'd', value: { doubleValue: 1.5 } },
          { name: 'b', value: { booleanValue: true } },
          { name: 'x', value: { blobValue: new Uint8Array([0, 255, 7]) } },
          { name: 'n', value: { isNull: true } },
        ],
      });

      expect(out.records?.[0]?.slice(0, 4)).toEqual([
        { stringValue: 'bigint' },
        { stringValue: 'double precision' },
        { stringValue: 'boolean' },
        { stringValue: 'bytea' },
      ]);
      expect(out.records?.[0]?.[4]?.blobValue).toEqual(new Uint8Array([0, 255, 7]));
      expect(out.records?.[0]?.[5]).toEqual({ booleanValue: true });
    });

    it('leaves :: casts and :name inside literals, quoted identifiers and comments alone', async () => {
      const out = await execute({
        sql: `select :v::int + 1 as n, ':v' as lit, E'\\':v' as esc, $$:v$$ as dollar, 1 as ":v" -- :v
          , '2024-01-01'::date as d /* :v */`,
        parameters: [str('v', '41')],
      });

      expect(out.records).toEqual([
        [
          { longValue: 42 },
          { stringValue: ':v' },
          { stringValue: "':v" },
          { stringValue: ':v' },
          { longValue: 1 },
          { stringValue: '2024-01-01' },
        ],
      ]);
    });

    it('refuses a parameter used in the SQL but not sent, naming it', async () => {
      const error = await failureOf(
        execute({ sql: 'select :present, :missing', parameters: [long('present', 1)] }),
      );

      expect(error.name).toBe('BadRequestException');
      expect(error.message).toContain('missing');
    });

    it('refuses array parameters', async () => {
      const error = await failureOf(
        execute({
          sql: 'select :a',
          parameters: [{ name: 'a', value: { arrayValue: { longValues: [1, 2] } } }],
        }),
      );

      expect(error.name).toBe('BadRequestException');
      expect(error.message).toContain('Array parameters are not supported');
    });
  });

  describe('results', () => {
    const typedSelect = `select 7::int2 as i2, 8::int4 as i4, 9007199254740991::int8 as i8,
      1.25::float4 as f4, 2.5::float8 as f8, 10.50::numeric(6,2) as num, true as yes,
      '\\x0a0b'::bytea as bin, null::text as nothing, 'txt' as txt,
      '2024-01-02 03:04:05.123+10'::timestamptz as tstz, '2024-01-02 03:04:05.000'::timestamp as ts,
      array[1,2,null]::int[] as ints, array['a','b c']::text[] as texts, '{"k":1}'::jsonb as doc`;

    it('maps each PostgreSQL type to the Data API field the real service uses', async () => {
      const out = await execute({ sql: typedSelect });

      const row = out.records?.[0] as Field[];
      expect(row.map((f) => (f.blobValue ? { blobValue: Array.from(f.blobValue) } : f))).toEqual([
        { longValue: 7 },
        { longValue: 8 },
        { longValue: 9007199254740991 },
        { doubleValue: 1.25 },
        { doubleValue: 2.5 },
        { stringValue: '10.50' },
        { booleanValue: true },
        { blobValue: [10, 11] },
        { isNull: true },
        { stringValue: 'txt' },
        { stringValue: '2024-01-01 17:04:05.123' },
        { stringValue: '2024-01-02 03:04:05' },
        { arrayValue: { longValues: [1, 2, null] } },
        { arrayValue: { stringValues: ['a', 'b c'] } },
        { stringValue: '{"k": 1}' },
      ]);
      expect(out.numberOfRecordsUpdated).toBe(0);
      expect(out.columnMetadata).toBeUndefined();
      expect(out.formattedRecords).toBeUndefined();
    });

    it('answers formatRecordsAs JSON with typed JSON values and no records', async () => {
      const out = await execute({
        sql: typedSelect,
        formatRecordsAs: 'JSON',
        includeResultMetadata: true,
      });

      expect(out.records).toBeUndefined();
      expect(out.columnMetadata).toBeUndefined();
      expect(JSON.parse(out.formattedRecords ?? 'null')).toEqual([
        {
          i2: 7,
          i4: 8,
          i8: 9007199254740991,
          f4: 1.25,
          f8: 2.5,
          num: '10.50',
          yes: true,
          bin: 'Cgs=',
          nothing: null,
          txt: 'txt',
          tstz: '2024-01-01 17:04:05.123',
          ts: '2024-01-02 03:04:05',
          ints: [1, 2, null],
          texts: ['a', 'b c'],
          doc: '{"k": 1}',
        },
      ]);
    });

    it('honours resultSetOptions for decimals and longs', async () => {
      const out = await execute({
        sql: 'select 10.5::numeric as a, 3::numeric as b, 4::int8 as c',
        resultSetOptions: { decimalReturnType: 'DOUBLE_OR_LONG', longReturnType: 'STRING' },
      });

      expect(out.records).toEqual([
        [{ doubleValue: 10.5 }, { longValue: 3 }, { stringValue: '4' }],
      ]);
    });

    it('describes columns in columnMetadata when asked', async () => {
      const t = table('meta');
      await execute({
        sql: `create table ${t} (id serial primary key, name varchar(40) not null, price numeric(8,3), note text)`,
      });

      const out = await execute({
        sql: `select id, name, price, note, now() as at from ${t}`,
        includeResultMetadata: true,
      });

      expect(out.records).toEqual([]);
      expect(out.columnMetadata).toEqual([
        expect.objectContaining({
          name: 'id',
          label: 'id',
          type: 4,
          typeName: 'serial',
          isAutoIncrement: true,
          nullable: 0,
          tableName: t,
          isSigned: true,
          precision: 10,
        }),
        expect.objectContaining({
          name: 'name',
          type: 12,
          typeName: 'varchar',
          nullable: 0,
          precision: 40,
          isCaseSensitive: true,
        }),
        expect.objectContaining({
          name: 'price',
          type: 2,
          typeName: 'numeric',
          nullable: 1,
          precision: 8,
          scale: 3,
        }),
        expect.objectContaining({ name: 'note', type: 12, typeName: 'text', nullable: 1 }),
        expect.objectContaining({ name: 'at', type: 93, typeName: 'timestamptz', tableName: '' }),
      ]);
    });

    it('counts records updated by DML and none for SELECT or DDL; DML without RETURNING has no records', async () => {
      const t = table('counted');

      const created = await execute({ sql: `create table ${t} (id int primary key, v text)` });
      const inserted = await execute({
        sql: `insert into ${t} values (1, 'a'), (2, 'b'), (3, 'c')`,
      });
      const updated = await execute({
        sql: `update ${t} set v = 'z' where id >= :min`,
        parameters: [long('min', 2)],
      });
      const returning = await execute({ sql: `delete from ${t} where id = 1 returning id, v` });
      const selected = await execute({ sql: `select * from ${t}` });

      expect(created.numberOfRecordsUpdated).toBe(0);
      expect(inserted.numberOfRecordsUpdated).toBe(3);
      expect(inserted.records).toBeUndefined();
      expect(updated.numberOfRecordsUpdated).toBe(2);
      expect(returning.numberOfRecordsUpdated).toBe(1);
      expect(returning.records).toEqual([[{ longValue: 1 }, { stringValue: 'a' }]]);
      expect(selected.numberOfRecordsUpdated).toBe(0);
      expect(selected.records).toHaveLength(2);
    });
  });

  describe('errors', () => {
    it('answers bad SQL with PostgreSQL message, position and SQLState', async () => {
      const error = await failureOf(execute({ sql: 'selec 1' }));

      expect(error.name).toBe('DatabaseErrorException');
      expect(error.$metadata?.httpStatusCode).toBe(400);
      expect(error.message).toBe(
        'ERROR: syntax error at or near "selec"\n  Position: 1; SQLState: 42601',
      );
    });

    it('answers a constraint violation with its detail', async () => {
      const t = table('unique');
      await execute({ sql: `create table ${t} (id int primary key)` });
      await execute({ sql: `insert into ${t} values (1)` });

      const error = await failureOf(execute({ sql: `insert into ${t} values (1)` }));

      expect(error.name).toBe('DatabaseErrorException');
      expect(error.message).toContain('ERROR: duplicate key value violates unique constraint');
      expect(error.message).toContain('Detail: Key (id)=(1) already exists.');
      expect(error.message).toMatch(/SQLState: 23505$/);
    });

    it('refuses several statements in one call', async () => {
      const error = await failureOf(execute({ sql: 'select 1; select 2' }));

      expect(error.name).toBe('DatabaseErrorException');
      expect(error.message).toContain('cannot insert multiple commands into a prepared statement');
    });

    it('refuses an unknown cluster ARN and an unknown secret ARN', async () => {
      const otherCluster = 'arn:aws:rds:ap-southeast-2:000000000000:cluster:other';
      const otherSecret = 'arn:aws:secretsmanager:ap-southeast-2:000000000000:secret:other';

      const clusterError = await failureOf(
        client.send(
          new ExecuteStatementCommand({ ...target, resourceArn: otherCluster, sql: 'select 1' }),
        ),
      );
      const secretError = await failureOf(
        client.send(
          new ExecuteStatementCommand({ ...target, secretArn: otherSecret, sql: 'select 1' }),
        ),
      );

      expect(clusterError.name).toBe('HttpEndpointNotEnabledException');
      expect(clusterError.$metadata?.httpStatusCode).toBe(400);
      expect(clusterError.message).toContain(otherCluster);
      expect(secretError.name).toBe('SecretsErrorException');
      expect(secretError.message).toContain(otherSecret);
    });

    it('refuses a request without sql, resourceArn or secretArn, naming the member', async () => {
      const noSql = await failureOf(
        client.send(new ExecuteStatementCommand({ ...target } as ExecuteStatementCommandInput)),
      );
      const noArn = await failureOf(
        client.send(new BeginTransactionCommand({ secretArn: LOCAL_SECRET_ARN } as never)),
      );

      expect(noSql.name).toBe('BadRequestException');
      expect(noSql.message).toContain("'sql'");
      expect(noArn.name).toBe('BadRequestException');
      expect(noArn.message).toContain("'resourceArn'");
    });

    it('answers a malformed JSON body with BadRequestException, not a 500', async () => {
      const response = await fetch(`${served.url}/Execute`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"sql": ',
      });

      expect(response.status).toBe(400);
      expect(response.headers.get('x-amzn-errortype')).toBe('BadRequestException');
      expect(await response.json()).toEqual({ message: expected.any(String) });
    });

    it('refuses operations it does not implement by name', async () => {
      const error = await failureOf(
        client.send(
          new ExecuteSqlCommand({
            dbClusterOrInstanceArn: LOCAL_CLUSTER_ARN,
            awsSecretStoreArn: LOCAL_SECRET_ARN,
            sqlStatements: 'select 1',
          }),
        ),
      );

      expect(error.name).toBe('BadRequestException');
      expect(error.message).toBe(
        'ExecuteSql is not implemented by the local RDS Data API emulator',
      );
    });
  });

  describe('transactions', () => {
    const begin = async () =>
      (await client.send(new BeginTransactionCommand({ ...target }))).transactionId as string;
    const count = async (t: string) =>
      (await execute({ sql: `select count(*) as n from ${t}` })).records?.[0]?.[0]?.longValue;

    it('commits work done in a transaction', async () => {
      const t = table('committed');
      await execute({ sql: `create table ${t} (id int)` });

      const transactionId = await begin();
      await execute({ sql: `insert into ${t} values (1)`, transactionId });
      const inside = await execute({ sql: `select count(*) from ${t}`, transactionId });
      const committed = await client.send(
        new CommitTransactionCommand({ ...target, transactionId }),
      );

      expect(transactionId.length).toBeGreaterThan(20);
      expect(inside.records).toEqual([[{ longValue: 1 }]]);
      expect(committed.transactionStatus).toBe('Transaction Committed');
      expect(await count(t)).toBe(1);
    });

    it('rolls back work done in a transaction', async () => {
      const t = table('rolled');
      await execute({ sql: `create table ${t} (id int)` });

      const transactionId = await begin();
      await execute({ sql: `insert into ${t} values (1)`, transactionId });
      const rolledBack = await client.send(
        new RollbackTransactionCommand({ ...target, transactionId }),
      );

      expect(rolledBack.transactionStatus).toBe('Rollback Complete');
      expect(await count(t)).toBe(0);
    });

    it('answers TransactionNotFoundException for an unknown or finished transaction', async () => {
      const transactionId = await begin();
      await client.send(new CommitTransactionCommand({ ...target, transactionId }));

      const finished = await failureOf(
        client.send(new CommitTransactionCommand({ ...target, transactionId })),
      );
      const unknown = await failureOf(execute({ sql: 'select 1', transactionId: 'nope' }));

      expect(finished.name).toBe('TransactionNotFoundException');
      expect(finished.$metadata?.httpStatusCode).toBe(404);
      expect(finished.message).toBe(`Transaction ${transactionId} is not found`);
      expect(unknown.name).toBe('TransactionNotFoundException');
      expect(unknown.message).toBe('Transaction nope is not found');
    });

    it('ends a transaction whose statement failed, rolling its work back', async () => {
      const t = table('aborted');
      await execute({ sql: `create table ${t} (id int primary key)` });
      const transactionId = await begin();
      await execute({ sql: `insert into ${t} values (1)`, transactionId });

      const failed = await failureOf(
        execute({ sql: `insert into ${t} values (1)`, transactionId }),
      );
      const after = await failureOf(execute({ sql: 'select 1', transactionId }));

      expect(failed.name).toBe('DatabaseErrorException');
      expect(after.name).toBe('TransactionNotFoundException');
      expect(await count(t)).toBe(0);
    });

    it('rolls back a transaction idle for three minutes by the clock', async () => {
      const t = table('idle');
      await execute({ sql: `create table ${t} (id int)` });
      const transactionId = await begin();
      await execute({ sql: `insert into ${t} values (1)`, transactionId });
      clock.advance(2 * 60 * 1000);
      await execute({ sql: `insert into ${t} values (2)`, transactionId });

      clock.advance(3 * 60 * 1000 + 1);
      const expired = await failureOf(execute({ sql: 'select 1', transactionId }));

      expect(expired.name).toBe('TransactionNotFoundException');
      // The rollback gave the connection back (PGlite has only one): plain calls run again.
      expect(await count(t)).toBe(0);
    });
  });

  describe('BatchExecuteStatement', () => {
    it('runs the statement once per parameter set', async () => {
      const t = table('batch');
      await execute({ sql: `create table ${t} (id int primary key, name text)` });

      const out = await client.send(
        new BatchExecuteStatementCommand({
          ...target,
          sql: `insert into ${t} values (:id, :name)`,
          parameterSets: [1, 2, 3].map((id) => [long('id', id), str('name', `n${id}`)]),
        }),
      );
      const rows = await execute({ sql: `select id, name from ${t} order by id` });

      expect(out.updateResults).toEqual([
        { generatedFields: [] },
        { generatedFields: [] },
        { generatedFields: [] },
      ]);
      expect(rows.records).toEqual(
        [1, 2, 3].map((id) => [{ longValue: id }, { stringValue: `n${id}` }]),
      );
    });

    it('is all or nothing when one set fails', async () => {
      const t = table('atomic');
      await execute({ sql: `create table ${t} (id int primary key)` });

      const error = await failureOf(
        client.send(
          new BatchExecuteStatementCommand({
            ...target,
            sql: `insert into ${t} values (:id)`,
            parameterSets: [[long('id', 1)], [long('id', 2)], [long('id', 1)]],
          }),
        ),
      );
      const rows = await execute({ sql: `select count(*) from ${t}` });

      expect(error.name).toBe('DatabaseErrorException');
      expect(rows.records).toEqual([[{ longValue: 0 }]]);
    });

    it('runs inside a transaction when given one', async () => {
      const t = table('batchtx');
      await execute({ sql: `create table ${t} (id int)` });
      const { transactionId } = await client.send(new BeginTransactionCommand({ ...target }));

      await client.send(
        new BatchExecuteStatementCommand({
          ...target,
          transactionId,
          sql: `insert into ${t} values (:id)`,
          parameterSets: [[long('id', 1)], [long('id', 2)]],
        }),
      );
      await client.send(new RollbackTransactionCommand({ ...target, transactionId }));
      const rows = await execute({ sql: `select count(*) from ${t}` });

      expect(rows.records).toEqual([[{ longValue: 0 }]]);
    });
  });

  describe('test controls', () => {
    it('answers DatabaseResumingException while resuming, then recovers', async () => {
      emulator.faults.resumingFor(20_000);

      const resuming = await failureOf(execute({ sql: 'select 1' }));
      clock.advance(20_001);
      const recovered = await execute({ sql: 'select 1' });

      expect(resuming.name).toBe('DatabaseResumingException');
      expect(resuming.$metadata?.httpStatusCode).toBe(400);
      expect(recovered.records).toEqual([[{ longValue: 1 }]]);
    });

    it('fails the next n calls with the error asked for', async () => {
      emulator.faults.failNext(2);

      const first = await failureOf(execute({ sql: 'select 1' }));
      const second = await failureOf(execute({ sql: 'select 1' }));
      const third = await execute({ sql: 'select 1' });
      emulator.faults.failNext(1, 'StatementTimeoutException');
      const timeout = await failureOf(execute({ sql: 'select 1' }));

      expect(first.name).toBe('InternalServerErrorException');
      expect(first.$metadata?.httpStatusCode).toBe(500);
      expect(second.name).toBe('InternalServerErrorException');
      expect(third.records).toEqual([[{ longValue: 1 }]]);
      expect(timeout.name).toBe('StatementTimeoutException');
    });

    it('counts calls, in total and by operation', async () => {
      const { transactionId } = await client.send(new BeginTransactionCommand({ ...target }));
      await execute({ sql: 'select 1', transactionId });
      await execute({ sql: 'select 2', transactionId });
      await client.send(new CommitTransactionCommand({ ...target, transactionId }));

      expect(emulator.calls.total).toBe(4);
      expect(emulator.calls.byOperation).toEqual({
        BeginTransaction: 1,
        ExecuteStatement: 2,
        CommitTransaction: 1,
      });
      emulator.calls.reset();
      expect(emulator.calls.total).toBe(0);
    });
  });
});

describe('PGlite on a data directory', () => {
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'cpe-rds-data-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  async function open(): Promise<{
    emulator: RdsDataEmulator;
    served: Served;
    client: RDSDataClient;
  }> {
    const emulator = createRdsDataEmulator({
      backend: await createPgliteBackend({ dataDir }),
      clusterArn: LOCAL_CLUSTER_ARN,
      secretArn: LOCAL_SECRET_ARN,
    });
    const served = await serve(emulator.handle, '/_aws/rds-data');
    return { emulator, served, client: clientFor(served.url) };
  }

  async function shut(running: {
    emulator: RdsDataEmulator;
    served: Served;
    client: RDSDataClient;
  }) {
    running.client.destroy();
    await running.served.close();
    await running.emulator.close();
  }

  it('keeps committed data across a close and reopen, and drops what an open transaction held', async () => {
    const first = await open();
    await first.client.send(
      new ExecuteStatementCommand({ ...target, sql: 'create table kept (v text)' }),
    );
    await first.client.send(
      new ExecuteStatementCommand({
        ...target,
        sql: 'insert into kept values (:v)',
        parameters: [str('v', 'saved')],
      }),
    );
    const { transactionId } = await first.client.send(new BeginTransactionCommand({ ...target }));
    await first.client.send(
      new ExecuteStatementCommand({
        ...target,
        transactionId,
        sql: "insert into kept values ('uncommitted')",
      }),
    );
    await shut(first);

    const second = await open();
    const out = await second.client.send(
      new ExecuteStatementCommand({ ...target, sql: 'select v from kept' }),
    );
    await shut(second);

    expect(out.records).toEqual([[{ stringValue: 'saved' }]]);
  });
});
