import { ManualClock } from '../clock';
import { SqlError, type SqlBackend, type SqlStatement } from './backend';
import { Mutex } from './mutex';
import { IDLE_TRANSACTION_MS, Transactions } from './transactions';

/** A one-connection backend that records what each session ran. */
function fakeBackend(failOn?: string) {
  const ran: string[] = [];
  const connection = new Mutex();
  let held = 0;
  const backend: SqlBackend = {
    kind: 'pglite',
    async acquire() {
      const release = await connection.acquire();
      held += 1;
      return {
        run(statement: SqlStatement) {
          ran.push(statement.text);
          if (statement.text === failOn)
            return Promise.reject(new SqlError({ message: 'boom', code: '23505' }));
          return Promise.resolve({ fields: null, rows: [], command: statement.text, rowCount: 0 });
        },
        release() {
          held -= 1;
          release();
          return Promise.resolve();
        },
      };
    },
    async close() {},
  };
  return { backend, ran, held: () => held };
}

describe('Transactions', () => {
  let transactions: Transactions | undefined;
  afterEach(async () => {
    await transactions?.close();
  });

  it('holds one session from BEGIN to COMMIT and then gives it back', async () => {
    const { backend, ran, held } = fakeBackend();
    const clock = new ManualClock();
    transactions = new Transactions(backend, clock);

    const id = await transactions.begin();
    await transactions.use(id, (session) => session.run({ text: 'INSERT', parameters: [] }));
    const heldDuring = held();
    await transactions.commit(id);

    expect(heldDuring).toBe(1);
    expect(held()).toBe(0);
    expect(ran).toEqual(['BEGIN', 'INSERT', 'COMMIT']);
    await expect(transactions.rollback(id)).rejects.toMatchObject({
      type: 'TransactionNotFoundException',
      message: `Transaction ${id} is not found`,
    });
  });

  it('rolls back a transaction idle past three minutes, freeing the connection for others', async () => {
    const { backend, ran, held } = fakeBackend();
    const clock = new ManualClock();
    transactions = new Transactions(backend, clock);
    const id = await transactions.begin();
    const waiting = backend.acquire();

    clock.advance(IDLE_TRANSACTION_MS - 1);
    await transactions.sweep();
    const stillOpen = transactions.size;
    clock.advance(1);
    await transactions.sweep();
    const session = await waiting;

    expect(stillOpen).toBe(1);
    expect(transactions.size).toBe(0);
    expect(ran).toEqual(['BEGIN', 'ROLLBACK']);
    expect(held()).toBe(1);
    await session.release();
    await expect(transactions.use(id, () => Promise.resolve(1))).rejects.toMatchObject({
      type: 'TransactionNotFoundException',
    });
  });

  it('counts idle time from the last call, not from BEGIN', async () => {
    const { backend } = fakeBackend();
    const clock = new ManualClock();
    transactions = new Transactions(backend, clock);
    const id = await transactions.begin();

    clock.advance(IDLE_TRANSACTION_MS - 1000);
    await transactions.use(id, () => Promise.resolve());
    clock.advance(IDLE_TRANSACTION_MS - 1000);
    await transactions.sweep();

    expect(transactions.size).toBe(1);
  });

  it('ends the transaction when a statement in it fails', async () => {
    const { backend, ran, held } = fakeBackend('BAD');
    transactions = new Transactions(backend, new ManualClock());
    const id = await transactions.begin();

    await expect(
      transactions.use(id, (session) => session.run({ text: 'BAD', parameters: [] })),
    ).rejects.toBeInstanceOf(SqlError);

    expect(ran).toEqual(['BEGIN', 'BAD', 'ROLLBACK']);
    expect(transactions.size).toBe(0);
    expect(held()).toBe(0);
  });

  it('rolls back everything still open on close', async () => {
    const { backend, ran, held } = fakeBackend();
    transactions = new Transactions(backend, new ManualClock());
    await transactions.begin();

    await transactions.close();

    expect(ran).toEqual(['BEGIN', 'ROLLBACK']);
    expect(held()).toBe(0);
  });
});
