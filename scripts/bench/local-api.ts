/**
 * Local runtime throughput (docs/performance.md): an authenticated list of
 * 50 certifications with 1,000 activities, autocannon -c 50, measured side by
 * side with its ceiling: a bare node HTTP server running the same statement
 * through `pg` on the same database (bare-server.ts). Rounds alternate
 * (runtime, bare, runtime, bare...) so a slow spell of a shared machine weighs
 * on both; the budget is the ratio of the medians, and zero errors.
 *
 * The ceiling needs a PostgreSQL server (DATABASE_URL; a database is created
 * for the run and dropped after). On PGlite alone the runtime's figures are
 * printed for information, with no ceiling to hold them to.
 *
 * Warm-up rounds start the list function's containers first (until a round
 * starts none); their cold starts are reported apart. autocannon runs on a
 * worker thread of its own so firing requests does not compete with the
 * server's thread.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { type LocalRuntime, startLocalRuntime } from '@cpe/local';
import type { SqlStatement } from '@cpe/local/rds-data';
import { createPostgresTestDatabase, postgresServerUrl } from '@cpe/test-support/backends';
import { sql } from '@cpe/test-support/data-api';
import { api, createUser } from '@cpe/test-support/users';
import { BUDGETS } from './budgets';
import { type Figure, median, report } from './report';

const ROUNDS = 3;
const SECONDS = 8;
const CONNECTIONS = 50;

/** PGlite (for information), then the DATABASE_URL server side by side with its ceiling. */
export async function benchLocalApiBackends(): Promise<boolean> {
  await benchLocalApi();
  const serverUrl = postgresServerUrl();
  if (!serverUrl) {
    return report('Local runtime API beside a bare node + pg server', [
      {
        what: 'side by side with the ceiling: needs DATABASE_URL (a PostgreSQL server)',
        value: 0,
        unit: 'x',
        budget: BUDGETS.localApi.ratioToBareServer,
        kind: 'min',
      },
    ]);
  }
  const database = await createPostgresTestDatabase(serverUrl);
  try {
    return await benchLocalApi(database.url);
  } finally {
    await database.drop();
  }
}

/** A user with 50 certifications and 20 activities each, through the API. */
async function seed(runtime: LocalRuntime) {
  const user = await createUser(runtime);
  const client = api(runtime, user.accessToken);
  for (let c = 0; c < 50; c++) {
    const cert = await client.post('/api/certifications', {
      certification_name: `Certification ${c}`,
      earned_date: '2024-01-01',
      expiry_date: '2027-01-01',
      cpe_needed: 120,
      verification_link: 'https://example.com/verify',
    });
    const certId = (cert.body as { certification_id: string }).certification_id;
    // Four at a time: enough to overlap, few enough not to start a container per activity.
    for (let batch = 0; batch < 20; batch += 4) {
      await Promise.all(
        Array.from({ length: 4 }, (_, a) =>
          client.post('/api/activities', {
            certification_id: certId,
            activity_name: `Activity ${batch + a}`,
            description: 'Webinar',
            cpe_units: 1.5,
            activity_date: '2024-06-01',
          }),
        ),
      );
    }
  }
  // Aurora's autovacuum would have analyzed the tables by now; a server with it off has not.
  await sql(runtime, 'analyze');
  return user;
}

/** Starts bare-server.ts with the statement; answers its URL and a stop function. */
async function startBareServer(databaseUrl: string, statement: SqlStatement) {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...process.execArgv,
      path.join(__dirname, 'bare-server.ts'),
      databaseUrl,
      JSON.stringify({
        text: statement.text,
        values: statement.parameters.map((p) => p.text),
        types: statement.parameters.map((p) => p.typeOid),
      }),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  return {
    url: `http://127.0.0.1:${port.trim()}/`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));

export async function benchLocalApi(databaseUrl?: string): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cpe-bench-'));
  const runtime = await startLocalRuntime({
    port: 0,
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
    webDistDir: path.resolve(__dirname, '../../packages/web/dist'),
    log: () => undefined,
  });
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
  try {
    const user = await seed(runtime);
    const client = api(runtime, user.accessToken);
    const listPath = `/api/certifications/${user.userId}`;
    runtime.rdsData.calls.reset();
    const check = await client.get(listPath);
    if ((check.body as unknown[]).length !== 50) throw new Error('seeding failed');
    const statement = runtime.rdsData.calls.lastStatement;
    if (!statement) throw new Error('the list ran no statement');

    const load = {
      url: `${runtime.url}${listPath}`,
      connections: CONNECTIONS,
      headers: { authorization: `Bearer ${user.accessToken}` },
    };
    // Warm up until a round starts no container: cold starts are reported apart, not timed here.
    for (let round = 0; round < 10; round++) {
      const before = runtime.lambda.stats().certifications?.coldStarts ?? 0;
      await autocannon({ ...load, duration: 3, workers: 1 });
      if ((runtime.lambda.stats().certifications?.coldStarts ?? 0) === before) break;
    }
    await settle();

    if (databaseUrl) {
      bare = await startBareServer(databaseUrl, statement);
      await autocannon({ url: bare.url, connections: CONNECTIONS, duration: 3, workers: 1 });
    }
    const ours: autocannon.Result[] = [];
    const ceiling: autocannon.Result[] = [];
    runtime.rdsData.calls.reset();
    let sent = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const result = await autocannon({ ...load, duration: SECONDS, workers: 1 });
      ours.push(result);
      sent += result.requests.sent;
      // The last requests of a round are still in flight when it returns: let them land.
      await settle();
      if (bare) {
        ceiling.push(
          await autocannon({
            url: bare.url,
            connections: CONNECTIONS,
            duration: SECONDS,
            workers: 1,
          }),
        );
        await settle();
      }
    }
    const rps = median(ours.map((r) => r.requests.average));
    const errors = ours.reduce((n, r) => n + r.non2xx + r.errors, 0);
    const figures: Figure[] = [
      {
        what: `authenticated list (50 certs / 1,000 activities), requests/s, median of ${ROUNDS}`,
        value: rps,
        unit: 'rps',
        kind: 'min',
      },
      {
        what: 'latency p99, median',
        value: median(ours.map((r) => r.latency.p99)),
        unit: 'ms',
        kind: 'max',
      },
      { what: 'non-2xx answers and errors', value: errors, unit: '', budget: 0, kind: 'max' },
      {
        what: 'Data API calls per request',
        value: sent ? Math.round((runtime.rdsData.calls.total / sent) * 100) / 100 : 0,
        unit: '',
        budget: BUDGETS.dataApiCallsPerRead,
        kind: 'max',
      },
    ];
    if (bare) {
      const bareRps = median(ceiling.map((r) => r.requests.average));
      figures.push(
        {
          what: `bare node + pg server, same statement, requests/s, median of ${ROUNDS}`,
          value: bareRps,
          unit: 'rps',
          kind: 'min',
        },
        {
          what: 'bare server non-2xx answers and errors',
          value: ceiling.reduce((n, r) => n + r.non2xx + r.errors, 0),
          unit: '',
          kind: 'max',
        },
        {
          what: 'runtime / bare server throughput',
          value: Math.round((rps / bareRps) * 100) / 100,
          unit: 'x',
          budget: BUDGETS.localApi.ratioToBareServer,
          kind: 'min',
        },
      );
    }
    const list = runtime.lambda.stats().certifications;
    if (list) {
      figures.push(
        { what: 'containers of the list function', value: list.containers, unit: '', kind: 'max' },
        {
          what: 'cold start (init) of a container, median',
          value: Math.round(median(list.initMs)),
          unit: 'ms',
          kind: 'max',
        },
        {
          what: 'timed out or crashed',
          value: list.timeouts + list.crashes,
          unit: '',
          budget: 0,
          kind: 'max',
        },
      );
    }
    const backend = databaseUrl ? 'PostgreSQL server' : 'embedded PGlite';
    return report(
      `Local runtime API on ${backend}, Lambdas ${runtime.lambda.mode} (autocannon -c ${CONNECTIONS}, ${ROUNDS} x ${SECONDS} s${bare ? ', alternating with the bare server' : ''})`,
      figures,
    );
  } finally {
    await bare?.stop();
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
