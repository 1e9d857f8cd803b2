/**
 * `npm start` from the command to /api/health answering 200 (docs budget:
 * <= 5 s warm), as a person runs it: npm, the setup step, the runtime.
 *
 * - cold: the state of a fresh clone on a machine that has the packages in
 *   pnpm's store: no record of a completed install (pnpm install runs), no
 *   builds and no turbo cache (the SPA and the bundles are built), an empty
 *   data directory (migrations run);
 * - warm: the same command again, nothing changed since.
 *
 * Each run gets its own port and a data directory under the system's temp
 * dir, so a server already running on 3000 and the developer's .data/ are
 * left alone. The process group is stopped after each run.
 */
import { BUDGETS } from './budgets';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Figure, median, report } from './report';

const ROOT = path.resolve(__dirname, '../..');
const COLD_RUNS = 3;
const WARM_RUNS = 5;
const HEALTHY_WITHIN_MS = 180_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

function healthStatus(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const request = get({ host: '127.0.0.1', port, path: '/api/health', timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? null);
    });
    request.once('timeout', () => request.destroy());
    request.once('error', () => resolve(null));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stops every process `npm start` started (its own process group) and waits for the port to close. */
async function stop(child: ChildProcess, port: number): Promise<void> {
  const group = -(child.pid ?? 0);
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  try {
    process.kill(group, 'SIGTERM');
  } catch {
    return; // every process of the group has exited
  }
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline && (!exited() || (await healthStatus(port)) !== null)) {
    await sleep(50);
  }
  try {
    process.kill(group, 'SIGKILL');
  } catch {
    // every process of the group has exited
  }
}

/** Milliseconds from spawning `npm start` to the first 200 from /api/health. */
async function timeStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const output: string[] = [];
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), LOCAL_DATA_DIR: dataDir },
    detached: true, // its own process group, so stop() reaches npm, the shell and the runtime
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  try {
    while (performance.now() - started < HEALTHY_WITHIN_MS) {
      if (child.exitCode !== null || child.signalCode !== null) break;
      if ((await healthStatus(port)) === 200) return performance.now() - started;
      await sleep(20);
    }
    throw new Error(
      `npm start was not healthy (exit ${child.exitCode ?? 'none'}):\n${output.join('').slice(-2000)}`,
    );
  } finally {
    await stop(child, port);
  }
}

/** What a fresh clone lacks that the start command makes: pnpm's install record, the builds and turbo's cache. */
function resetToFreshClone(): void {
  for (const made of [
    'node_modules/.pnpm-workspace-state-v1.json',
    'node_modules/.cache/turbo',
    'packages/web/dist',
    'packages/api/dist',
  ]) {
    rmSync(path.join(ROOT, made), { recursive: true, force: true });
  }
}

export async function benchStart(): Promise<boolean> {
  const dataRoot = mkdtempSync(path.join(tmpdir(), 'cpe-bench-start-'));
  try {
    const cold: number[] = [];
    for (let i = 0; i < COLD_RUNS; i++) {
      resetToFreshClone();
      cold.push(await timeStart(path.join(dataRoot, `cold-${i}`)));
    }
    if (!existsSync(path.join(ROOT, 'packages/web/dist/index.html'))) {
      throw new Error('npm start did not build the SPA');
    }
    const warmData = path.join(dataRoot, `cold-${COLD_RUNS - 1}`);
    const warm: number[] = [];
    for (let i = 0; i < WARM_RUNS; i++) warm.push(await timeStart(warmData));

    const s = (ms: number) => Math.round(ms / 10) / 100;
    const figures: Figure[] = [
      {
        what: `npm start to /api/health, warm (median of ${WARM_RUNS})`,
        value: s(median(warm)),
        unit: 's',
        budget: BUDGETS.startWarmSeconds,
        kind: 'max',
      },
      {
        what: `npm start to /api/health, cold: install, builds, new database (median of ${COLD_RUNS})`,
        value: s(median(cold)),
        unit: 's',
        kind: 'max',
      },
    ];
    const ok = report('npm start', figures);
    console.log(
      `\n(warm runs: ${warm.map((ms) => s(ms)).join(', ')} s; cold: ${cold.map((ms) => s(ms)).join(', ')} s)`,
    );
    return ok;
  } finally {
    rmSync(dataRoot, { recursive: true, force: true });
  }
}

if (require.main === module) {
  void benchStart().then((ok) => {
    process.exitCode = ok ? 0 : 1;
  });
}
