// Hosts PGlite on a worker thread. PGlite loads its WASM and file-system
// helpers with dynamic import(), which Jest's module sandbox refuses, and its
// synchronous WASM calls would otherwise stall the HTTP thread. The main
// thread sends wire-protocol messages (Parse/Bind/Describe/Execute/Sync);
// PGlite parses its answer (execProtocol), and this thread posts back what
// the emulator reads of it: the fields, the rows as text, the command tag,
// or the error.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const port = parentPort;
if (!port) throw new Error('pglite-worker must run on a worker thread');

/** The answer to one statement's messages, as the emulator's SqlResult (backend.ts) wants it. */
function resultOf(messages) {
  const result = { fields: null, rows: [], commandTag: '' };
  for (const message of messages) {
    switch (message.name) {
      case 'rowDescription':
        result.fields = message.fields.map((field) => ({
          name: field.name,
          typeOid: field.dataTypeID,
          typeModifier: field.dataTypeModifier,
          tableOid: field.tableID,
          columnNumber: field.columnID,
        }));
        break;
      case 'dataRow':
        result.rows.push(message.fields);
        break;
      case 'commandComplete':
        result.commandTag = message.text;
        break;
      case 'error': {
        const { severity, code, message: text, detail, hint, position, where } = message;
        return { error: { severity, code, message: text, detail, hint, position, where } };
      }
    }
  }
  return { result };
}

/**
 * A freshly initialised cluster of this PGlite build, made once per machine in
 * the OS temp dir: initdb is most of a new database's start (about five times
 * the cost of copying its result), and every new data directory would repeat
 * it. Made in a directory of its own and renamed into place, so processes
 * starting at once never see half of one.
 */
async function freshCluster() {
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  const { size, mtimeMs } = statSync(entry);
  const build = createHash('sha256').update(`${entry}:${size}:${mtimeMs}`).digest('hex');
  const cluster = path.join(tmpdir(), `cpe-pglite-cluster-${build.slice(0, 16)}`);
  if (existsSync(cluster)) return cluster;
  const making = mkdtempSync(`${cluster}.making-`);
  try {
    const db = await PGlite.create({ dataDir: path.join(making, 'pgdata') });
    await db.close();
    renameSync(path.join(making, 'pgdata'), cluster);
  } catch (error) {
    // Another process made it first: theirs is as good.
    if (!existsSync(cluster)) throw error;
  } finally {
    rmSync(making, { recursive: true, force: true });
  }
  return cluster;
}

/** A new data directory starts as a copy of the fresh cluster; an existing one opens as it is. */
async function open(dataDir) {
  if (!dataDir) return PGlite.create({});
  if (!existsSync(dataDir)) cpSync(await freshCluster(), dataDir, { recursive: true });
  return PGlite.create({ dataDir });
}

try {
  const db = await open(workerData.dataDir);
  // Aurora clusters default to UTC; timestamptz output and now()::timestamp depend on it.
  await db.exec("SET TimeZone TO 'UTC'; SET DateStyle TO 'ISO, MDY'");

  // One request at a time, in arrival order: the main thread may send the next
  // statement before this one is answered, and PGlite is one session.
  let queue = Promise.resolve();
  port.on('message', (request) => {
    queue = queue.then(() => handle(request));
  });

  async function handle(request) {
    try {
      if (request.type === 'exec') {
        const { messages } = await db.execProtocol(request.message, { throwOnError: false });
        port.postMessage({ id: request.id, ok: true, ...resultOf(messages) });
      } else if (request.type === 'close') {
        await db.close();
        port.postMessage({ id: request.id, ok: true });
        port.close();
      }
    } catch (error) {
      port.postMessage({ id: request.id, ok: false, failure: String(error?.stack ?? error) });
    }
  }
  port.postMessage({ type: 'ready' });
} catch (error) {
  port.postMessage({ type: 'failed', error: String(error?.stack ?? error) });
}
