// Hosts PGlite on a worker thread. PGlite loads its WASM and file-system
// helpers with dynamic import(), which Jest's module sandbox refuses, and its
// synchronous WASM calls would otherwise stall the HTTP thread. The main
// thread sends raw wire-protocol bytes and parses the raw answer itself.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const port = parentPort;
if (!port) throw new Error('pglite-worker must run on a worker thread');

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

  // The answer's bytes as PGlite writes them. execProtocolRaw would also parse
  // every message into objects on this thread (to notice errors and
  // notifications for its own query API); the main thread parses the bytes
  // itself, so the stream variant skips that second parse.
  async function exec(message) {
    const chunks = [];
    let size = 0;
    await db.execProtocolRawStream(message, {
      onRawData(chunk) {
        // A view into PGlite's memory, reused by the next write: keep a copy.
        chunks.push(chunk.slice());
        size += chunk.length;
      },
    });
    if (chunks.length === 1) return chunks[0];
    const data = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      data.set(chunk, offset);
      offset += chunk.length;
    }
    return data;
  }

  async function handle(request) {
    try {
      if (request.type === 'exec') {
        const data = await exec(request.message);
        port.postMessage({ id: request.id, ok: true, data }, [data.buffer]);
      } else if (request.type === 'close') {
        await db.close();
        port.postMessage({ id: request.id, ok: true });
        port.close();
      }
    } catch (error) {
      port.postMessage({ id: request.id, ok: false, error: String(error?.stack ?? error) });
    }
  }
  port.postMessage({ type: 'ready' });
} catch (error) {
  port.postMessage({ type: 'failed', error: String(error?.stack ?? error) });
}
