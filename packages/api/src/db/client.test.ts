import { ServiceUnavailableError } from '../errors';
import { DatabaseError } from './errors';
import * as z from 'zod/mini';
import { type DataApiCall, type RetryTiming, type Sender, createDb } from './client';

const config = {
  resourceArn: 'arn:aws:rds:x',
  secretArn: 'arn:aws:secretsmanager:x',
  database: 'cpe',
  resumeBudgetMs: 25_000,
};

function resuming(): Error {
  const error = new Error('The Aurora DB instance is resuming after being auto-paused.');
  error.name = 'DatabaseResumingException';
  return error;
}

/** A clock that only moves when the client sleeps. */
function fakeTiming(): RetryTiming & { slept: number[] } {
  let now = 0;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: (ms) => {
      slept.push(ms);
      now += ms;
      return Promise.resolve();
    },
  };
}

function sender(answers: unknown[]): Sender & { calls: DataApiCall[] } {
  const calls: DataApiCall[] = [];
  return {
    calls,
    send(call) {
      calls.push(call);
      const next = answers.shift();
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
    },
  };
}

describe('createDb', () => {
  it('sends named, typed parameters and parses JSON rows with the schema', async () => {
    // Arrange
    const client = sender([{ formattedRecords: JSON.stringify([{ n: '1.50', d: '2024-01-02' }]) }]);
    const db = createDb(config, client, fakeTiming());

    // Act
    const rows = await db.query(
      'select :a as n, :b as d',
      { a: 'x', b: 7, c: 1.5, d: true, e: null },
      z.object({ n: z.pipe(z.string(), z.transform(Number)), d: z.string() }),
    );

    // Assert
    expect(rows).toEqual([{ n: 1.5, d: '2024-01-02' }]);
    const call = client.calls[0];
    expect(call?.operation).toBe('ExecuteStatement');
    const input = call?.operation === 'ExecuteStatement' ? call.input : {};
    expect(input).toMatchObject({
      resourceArn: config.resourceArn,
      secretArn: config.secretArn,
      database: 'cpe',
      sql: 'select :a as n, :b as d',
      formatRecordsAs: 'JSON',
    });
    expect('parameters' in input && input.parameters).toEqual([
      { name: 'a', value: { stringValue: 'x' } },
      { name: 'b', value: { longValue: 7 } },
      { name: 'c', value: { doubleValue: 1.5 } },
      { name: 'd', value: { booleanValue: true } },
      { name: 'e', value: { isNull: true } },
    ]);
  });

  it('waits for a resuming database and then succeeds', async () => {
    const timing = fakeTiming();
    const client = sender([resuming(), resuming(), resuming(), { numberOfRecordsUpdated: 2 }]);
    const db = createDb(config, client, timing);

    await expect(db.execute('update t set x = 1')).resolves.toBe(2);
    expect(timing.slept).toEqual([250, 500, 1000]);
  });

  it('gives up inside the budget with a 503 carrying Retry-After', async () => {
    const timing = fakeTiming();
    const client = sender(Array.from({ length: 100 }, resuming));
    const db = createDb(config, client, timing);

    const error = await db.execute('select 1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect((error as ServiceUnavailableError).status).toBe(503);
    expect((error as ServiceUnavailableError).headers['Retry-After']).toMatch(/^\d+$/);
    expect(timing.now()).toBeLessThanOrEqual(config.resumeBudgetMs);
    expect(timing.now()).toBeGreaterThan(config.resumeBudgetMs - 5_000);
  });

  it('does not retry other errors, and reads a database error once (SQLSTATE, constraint, the value it quotes)', async () => {
    const bad = new Error('ERROR: syntax error at or near "selec"\n  Position: 1; SQLState: 42601');
    bad.name = 'DatabaseErrorException';
    const client = sender([bad]);
    const db = createDb(config, client, fakeTiming());
    const error = await db.execute('selec 1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseError);
    expect(error).toMatchObject({
      sqlState: '42601',
      message: 'syntax error at or near "selec"',
      cause: bad,
      isBadInput: false,
    });
    expect(client.calls).toHaveLength(1);

    const refused = new Error(
      'ERROR: invalid input syntax for type numeric: "12x"; SQLState: 22P02',
    );
    refused.name = 'DatabaseErrorException';
    const again = createDb(config, sender([refused]), fakeTiming());
    await expect(
      again.query('select cast(:cpe as numeric)', { cpe: '12x', other: 'y' }, z.object({})),
    ).rejects.toMatchObject({ sqlState: '22P02', parameter: 'cpe', isBadInput: true });
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    const client = sender([
      { transactionId: 'tx1' },
      { numberOfRecordsUpdated: 1 },
      {},
      { transactionId: 'tx2' },
      {},
    ]);
    const db = createDb(config, client, fakeTiming());

    await db.transaction((tx) => tx.execute('insert 1'));
    await expect(db.transaction(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');

    expect(client.calls.map((c) => c.operation)).toEqual([
      'BeginTransaction',
      'ExecuteStatement',
      'CommitTransaction',
      'BeginTransaction',
      'RollbackTransaction',
    ]);
    expect(client.calls[1]?.input).toMatchObject({ transactionId: 'tx1', sql: 'insert 1' });
    expect(client.calls[2]?.input).toMatchObject({ transactionId: 'tx1' });
    expect(client.calls[4]?.input).toMatchObject({ transactionId: 'tx2' });
  });
});
