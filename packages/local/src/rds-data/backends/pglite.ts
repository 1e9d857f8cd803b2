import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { protocol } from '@electric-sql/pglite';
import {
  type SqlBackend,
  SqlError,
  type SqlField,
  type SqlResult,
  type SqlStatement,
  parseCommandTag,
} from '../backend';
import { Mutex } from '../mutex';

/** What pglite-worker.mjs reads of PGlite's answer to one statement. */
interface Answer {
  result?: { fields: SqlField[] | null; rows: Array<Array<string | null>>; commandTag: string };
  error?: ConstructorParameters<typeof SqlError>[0];
}

type WorkerReply =
  | { type: 'ready' }
  | { type: 'failed'; error: string }
  | ({ id: number; ok: true } & Answer)
  | { id: number; ok: false; failure: string };

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Talks to the PGlite worker, which answers requests one at a time in the order sent. */
class PgliteWorker {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (answer: Answer) => void; reject: (error: Error) => void }
  >();
  private failure: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: WorkerReply) => {
      if (!('id' in reply)) return;
      const waiter = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.ok) waiter?.resolve(reply);
      else waiter?.reject(new Error(`PGlite worker: ${reply.failure}`));
    });
    const fail = (error: Error) => {
      this.failure = error;
      for (const waiter of this.pending.values()) waiter.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`PGlite worker exited with code ${code}`)));
  }

  static async start(dataDir: string | undefined): Promise<PgliteWorker> {
    const worker = new Worker(join(__dirname, 'pglite-worker.mjs'), { workerData: { dataDir } });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (reply: WorkerReply) => {
        if ('type' in reply && reply.type === 'ready') resolve();
        else if ('type' in reply && reply.type === 'failed')
          reject(new Error(`PGlite failed to start: ${reply.error}`));
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`PGlite worker exited with code ${code}`)));
    });
    return new PgliteWorker(worker);
  }

  private call(request: { type: 'exec'; message: Uint8Array } | { type: 'close' }) {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<Answer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  /** The statement's result; rejects with SqlError when PostgreSQL answered an error. */
  async exec(message: Uint8Array): Promise<SqlResult> {
    const { result, error } = await this.call({ type: 'exec', message });
    if (error) throw new SqlError({ ...error, message: error.message ?? 'unknown database error' });
    if (!result) throw new Error('PGlite worker: no result');
    return { fields: result.fields, rows: result.rows, ...parseCommandTag(result.commandTag) };
  }

  async close(): Promise<void> {
    try {
      await this.call({ type: 'close' });
    } finally {
      await this.worker.terminate();
    }
  }
}

/** Statements that keep their plan; DDL and session commands are always parsed afresh. */
const CACHEABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** Commands after which every kept plan is dropped (their result types may have changed). */
const SCHEMA_CHANGES = new Set([
  'CREATE',
  'ALTER',
  'DROP',
  'TRUNCATE',
  'COMMENT',
  'GRANT',
  'REVOKE',
]);
/** Prepared statements kept at most; past it, statements run unnamed. */
const MAX_PREPARED = 500;

/**
 * PGlite is one PostgreSQL session: the whole backend is one connection, so a
 * session holds it (an open transaction holds it until it ends) and everyone
 * else queues on the mutex. Being one session, it keeps one cache of prepared
 * statements: a statement seen before is only bound and executed, its parse
 * and plan reused, as a JDBC driver's statement cache does (the Data API's own
 * connections use pgjdbc's).
 */
export async function createPgliteBackend(options: { dataDir?: string }): Promise<SqlBackend> {
  const worker = await PgliteWorker.start(options.dataDir);
  const connection = new Mutex();
  const serialize = protocol.serialize;
  let closed = false;

  /** Statement name per text and parameter types, once PGlite has parsed it under that name. */
  const prepared = new Map<string, string>();
  /** Named parses sent but not answered yet: the same statement meanwhile runs unnamed. */
  const parsing = new Set<string>();
  let generation = 0;
  let counter = 0;

  function encode(statement: SqlStatement): { message: Uint8Array; settle(ok: boolean): void } {
    const types = statement.parameters.map((p) => p.typeOid);
    const values = statement.parameters.map((p) => p.text);
    const run = [serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()];
    const key = `${types.join(',')}:${statement.text}`;
    const name = prepared.get(key);
    if (name) {
      return {
        message: concat([serialize.bind({ statement: name, values }), ...run]),
        settle: () => undefined,
      };
    }
    const keep =
      CACHEABLE.test(statement.text) && !parsing.has(key) && prepared.size < MAX_PREPARED;
    const fresh = keep ? `cpe_${generation}_${++counter}` : '';
    if (keep) parsing.add(key);
    const startedIn = generation;
    return {
      message: concat([
        serialize.parse({ name: fresh, text: statement.text, types }),
        serialize.bind({ statement: fresh, values }),
        ...run,
      ]),
      settle(ok) {
        if (!keep) return;
        parsing.delete(key);
        // A parse that failed left no statement; one from before a schema change is not reused.
        if (ok && startedIn === generation) prepared.set(key, fresh);
      },
    };
  }

  /** Reads the answer; after DDL, forgets every kept plan. */
  async function answer(
    encoded: ReturnType<typeof encode>,
    reply: Promise<SqlResult>,
  ): Promise<SqlResult> {
    let result: SqlResult;
    try {
      result = await reply;
    } catch (error) {
      encoded.settle(false);
      throw error;
    }
    encoded.settle(true);
    if (SCHEMA_CHANGES.has(result.command)) {
      generation += 1;
      prepared.clear();
    }
    return result;
  }

  return {
    kind: 'pglite',
    async runAutocommit(statement) {
      // The worker answers in the order it receives, so holding the connection
      // only while posting keeps order with sessions and lets the worker run
      // queued statements back to back instead of waiting on this thread.
      const release = await connection.acquire();
      let reply: Promise<SqlResult>;
      let encoded: ReturnType<typeof encode>;
      try {
        if (closed) throw new Error('PGlite backend is closed');
        encoded = encode(statement);
        reply = worker.exec(encoded.message);
      } finally {
        release();
      }
      return answer(encoded, reply);
    },
    async acquire() {
      const release = await connection.acquire();
      if (closed) {
        release();
        throw new Error('PGlite backend is closed');
      }
      let released = false;
      return {
        async run(statement: SqlStatement) {
          if (released) throw new Error('session already released');
          const encoded = encode(statement);
          return answer(encoded, worker.exec(encoded.message));
        },
        release() {
          released = true;
          release();
          return Promise.resolve();
        },
      };
    },
    async close() {
      if (closed) return;
      // Waits for the session in use; the emulator rolls open transactions back first.
      const release = await connection.acquire();
      closed = true;
      try {
        await worker.close();
      } finally {
        release();
      }
    },
  };
}
