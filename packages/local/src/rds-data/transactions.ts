import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock';
import { SqlError, type SqlBackend, type SqlSession } from './backend';
import { DataApiError, messages } from './errors';
import { Mutex } from './mutex';

/** Aurora rolls back a transaction with no call for three minutes. */
export const IDLE_TRANSACTION_MS = 3 * 60 * 1000;

interface OpenTransaction {
  id: string;
  session: SqlSession;
  /** Calls on one transaction run one after another, like statements on one JDBC connection. */
  lock: Mutex;
  lastUsed: number;
  busy: number;
}

function notFound(id: string): DataApiError {
  return new DataApiError('TransactionNotFoundException', messages.transactionNotFound(id));
}

const BEGIN = { text: 'BEGIN', parameters: [] };

/** Open transactions, each holding its own session until commit, rollback or idle expiry. */
export class Transactions {
  private readonly open = new Map<string, OpenTransaction>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly backend: SqlBackend,
    private readonly clock: Clock,
    sweepEveryMs = 1000,
  ) {
    // Lazy checks on every call cover a busy emulator; the timer frees the
    // connection of an abandoned transaction when nobody calls.
    this.timer = setInterval(() => void this.sweep(), sweepEveryMs);
    this.timer.unref();
  }

  get size(): number {
    return this.open.size;
  }

  async begin(): Promise<string> {
    const session = await this.backend.acquire();
    try {
      await session.run(BEGIN);
    } catch (error) {
      await session.release(!(error instanceof SqlError));
      throw error;
    }
    const id = randomBytes(48).toString('base64');
    this.open.set(id, { id, session, lock: new Mutex(), lastUsed: this.now(), busy: 0 });
    return id;
  }

  /** Runs work in the transaction; a database error ends it, as the Data API does. */
  async use<T>(id: string, work: (session: SqlSession) => Promise<T>): Promise<T> {
    const transaction = this.lookup(id);
    transaction.busy += 1;
    try {
      return await transaction.lock.run(async () => {
        if (this.open.get(id) !== transaction) throw notFound(id);
        try {
          return await work(transaction.session);
        } catch (error) {
          if (error instanceof SqlError) {
            // A connection the server ended cannot roll back: the statement's error is the answer.
            await this.finish(transaction, 'ROLLBACK').catch(() => undefined);
          }
          throw error;
        }
      });
    } finally {
      transaction.busy -= 1;
      transaction.lastUsed = this.now();
    }
  }

  async commit(id: string): Promise<void> {
    await this.end(id, 'COMMIT');
  }

  async rollback(id: string): Promise<void> {
    await this.end(id, 'ROLLBACK');
  }

  /** Rolls back every transaction idle for longer than the limit. */
  async sweep(): Promise<void> {
    const cutoff = this.now() - IDLE_TRANSACTION_MS;
    const expired = [...this.open.values()].filter((t) => t.busy === 0 && t.lastUsed <= cutoff);
    for (const transaction of expired) this.open.delete(transaction.id);
    await Promise.all(
      expired.map((transaction) =>
        transaction.lock.run(() => this.finish(transaction, 'ROLLBACK')).catch(() => undefined),
      ),
    );
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    const all = [...this.open.values()];
    this.open.clear();
    await Promise.all(
      all.map((transaction) =>
        transaction.lock.run(() => this.finish(transaction, 'ROLLBACK')).catch(() => undefined),
      ),
    );
  }

  private async end(id: string, command: 'COMMIT' | 'ROLLBACK'): Promise<void> {
    const transaction = this.lookup(id);
    transaction.busy += 1;
    try {
      await transaction.lock.run(async () => {
        if (this.open.get(id) !== transaction) throw notFound(id);
        await this.finish(transaction, command);
      });
    } finally {
      transaction.busy -= 1;
    }
  }

  /** Ends the transaction on its session and gives the connection back, whatever happens. */
  private async finish(transaction: OpenTransaction, command: 'COMMIT' | 'ROLLBACK') {
    this.open.delete(transaction.id);
    let broken = false;
    try {
      await transaction.session.run({ text: command, parameters: [] });
    } catch (error) {
      broken = !(error instanceof SqlError);
      throw error;
    } finally {
      await transaction.session.release(broken);
    }
  }

  private lookup(id: string): OpenTransaction {
    const transaction = this.open.get(id);
    if (!transaction) throw notFound(id);
    return transaction;
  }

  private now(): number {
    return this.clock.now().getTime();
  }
}
