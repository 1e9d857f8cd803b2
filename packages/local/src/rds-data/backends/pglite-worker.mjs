// Hosts PGlite on a worker thread. PGlite loads its WASM and file-system
// helpers with dynamic import(), which Jest's module sandbox refuses, and its
// synchronous WASM calls would otherwise stall the HTTP thread. The main
// thread sends wire-protocol messages (Parse/Bind/Describe/Execute/Sync);
// PGlite parses its answer (execProtocol), and this thread posts back what
// the emulator reads of it: the fields, the rows as text, the command tag,
// or the error.
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

try {
  const db = await PGlite.create(workerData.dataDir ? { dataDir: workerData.dataDir } : {});
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
