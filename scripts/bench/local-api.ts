/**
 * Local runtime throughput: an authenticated list of 50 certifications with
 * 1,000 activities, autocannon -c 50 for 10 s (docs/performance.md), on
 * PGlite and, when DATABASE_URL names a server, on a fresh database there.
 * Warm-up rounds at the same concurrency start the containers first (until a
 * round starts none; a function has at most twice the cores in containers,
 * decision 082); their cold starts are reported apart. autocannon runs on a worker thread of its
 * own so that firing requests does not compete with the server's thread.
 */
import { BUDGETS } from './budgets';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startLocalRuntime } from '@cpe/local';
import { createPostgresTestDatabase, postgresServerUrl } from '@cpe/test-support/backends';
import { api, createUser } from '@cpe/test-support/users';
import { type Figure, median, report } from './report';

/** PGlite, then the DATABASE_URL server when set (a database created for the run, dropped after). */
export async function benchLocalApiBackends(): Promise<boolean> {
  let ok = await benchLocalApi();
  const serverUrl = postgresServerUrl();
  if (serverUrl) {
    const database = await createPostgresTestDatabase(serverUrl);
    try {
      ok = (await benchLocalApi(database.url)) && ok;
    } finally {
      await database.drop();
    }
  }
  return ok;
}

export async function benchLocalApi(databaseUrl?: string): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cpe-bench-'));
  const runtime = await startLocalRuntime({
    port: 0,
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
    webDistDir: path.resolve(__dirname, '../../packages/web/dist'),
    log: () => undefined,
  });
  try {
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
    const url = `${runtime.url}/api/certifications/${user.userId}`;
    const check = await client.get(`/api/certifications/${user.userId}`);
    if ((check.body as unknown[]).length !== 50) throw new Error('seeding failed');

    const load = { url, connections: 50, headers: { authorization: `Bearer ${user.accessToken}` } };
    // Warm up until a round starts no container: cold starts are reported apart, not timed here.
    for (let round = 0; round < 10; round++) {
      const before = runtime.lambda.stats().certifications?.coldStarts ?? 0;
      await autocannon({ ...load, duration: 3, workers: 1 });
      if ((runtime.lambda.stats().certifications?.coldStarts ?? 0) === before) break;
    }
    // The warm-up's last requests are still in flight when it returns: let them land before counting.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    runtime.rdsData.calls.reset();
    const result = await autocannon({ ...load, duration: 10, workers: 1 });
    // Let the last in-flight requests finish before the runtime closes.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // Requests cut off when the run ends still reached the database: count what was sent.
    const requests = result.requests.sent;
    const figures: Figure[] = [
      {
        what: 'authenticated list (50 certs / 1,000 activities), requests/s',
        value: result.requests.average,
        unit: 'rps',
        budget: BUDGETS.localApi[databaseUrl ? 'postgres' : 'pglite'].rps,
        kind: 'min',
      },
      {
        what: 'latency p99',
        value: result.latency.p99,
        unit: 'ms',
        budget: BUDGETS.localApi[databaseUrl ? 'postgres' : 'pglite'].p99Ms,
        kind: 'max',
      },
      {
        what: 'non-2xx answers',
        value: result.non2xx + result.errors,
        unit: '',
        budget: 0,
        kind: 'max',
      },
      {
        what: 'Data API calls per request',
        value: requests ? Math.round((runtime.rdsData.calls.total / requests) * 100) / 100 : 0,
        unit: '',
        budget: 1,
        kind: 'max',
      },
    ];
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
          what: 'throttled, timed out or crashed',
          value: list.throttles + list.timeouts + list.crashes,
          unit: '',
          budget: 0,
          kind: 'max',
        },
      );
    }
    const backend = databaseUrl ? 'PostgreSQL server' : 'embedded PGlite';
    return report(
      `Local runtime API on ${backend}, Lambdas ${runtime.lambda.mode} (autocannon -c 50 -d 10)`,
      figures,
    );
  } finally {
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
