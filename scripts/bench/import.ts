/**
 * Spreadsheet import: a 2,000-row CSV (a year of a busy holder's
 * activities, with providers, categories and descriptions) sent through the
 * local runtime's gateway to the activities function as the browser sends
 * it. Preview time (the first call, which loads the parsers, and the median
 * of 3 after it), import time (median of 3, each into a fresh account), the
 * Data API transactions one import opens (at most one per 500 rows), and a
 * second import of the same file (nothing created).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startLocalRuntime } from '@cpe/local';
import { type TestUser, api, createUser } from '@cpe/test-support/users';
import { BUDGETS } from './budgets';
import { type Figure, median, report } from './report';

const ROWS = 2000;
const RUNS = 3;

/** One row a few hours apart through 2025, each distinct. */
export function benchCsv(rows = ROWS): string {
  const lines = ['Date,Activity,Provider,CPE hours,Category,Notes'];
  for (let i = 0; i < rows; i++) {
    const date = new Date(Date.UTC(2025, 0, 1) + Math.floor((i * 365) / rows) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    lines.push(
      `${date},"Session ${i + 1}: threat modelling, identity and cloud controls",ISC2 Chapter ${i % 7},${1 + (i % 4) * 0.5},${i % 3 === 0 ? 'Group B' : 'Group A'},Notes on session ${i + 1}`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

export async function benchImport(): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cpe-bench-'));
  const runtime = await startLocalRuntime({
    port: 0,
    dataDir,
    webDistDir: path.resolve(__dirname, '../../packages/web/dist'),
    log: () => undefined,
  });
  const figures: Figure[] = [];
  const file = {
    file_name: 'activities-2025.csv',
    content_base64: Buffer.from(benchCsv()).toString('base64'),
  };
  try {
    const account = async (): Promise<TestUser> => {
      const user = await createUser(runtime);
      const cert = await api(runtime, user.accessToken).post('/api/certifications', {
        certification_name: 'CISSP',
        catalogue_id: 'isc2-cissp',
        earned_date: '2025-01-01',
        expiry_date: '2027-12-31',
        cpe_needed: 120,
      });
      if (cert.status !== 201) throw new Error(`certification: ${cert.status}`);
      return user;
    };
    const timed = async (user: TestUser, route: string) => {
      const started = performance.now();
      const answer = await api(runtime, user.accessToken).post(route, file);
      const ms = performance.now() - started;
      if (answer.status !== 200)
        throw new Error(`${route}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return { ms, body: answer.body as Record<string, unknown> };
    };

    const viewer = await account();
    const first = await timed(viewer, '/api/imports/preview');
    const counts = first.body.counts as { new: number };
    if (counts.new !== ROWS) throw new Error(`preview: ${counts.new} new rows of ${ROWS}`);
    const previews: number[] = [];
    for (let r = 0; r < RUNS; r++) previews.push((await timed(viewer, '/api/imports/preview')).ms);
    figures.push(
      {
        what: `preview, ${ROWS} rows: first call (loads the parsers)`,
        value: first.ms,
        unit: 'ms',
        kind: 'max',
      },
      {
        what: `preview, ${ROWS} rows: median of ${RUNS}`,
        value: median(previews),
        unit: 'ms',
        budget: BUDGETS.imports.previewMs,
        kind: 'max',
      },
    );

    const imports: number[] = [];
    let transactions = 0;
    let again = 0;
    for (let r = 0; r < RUNS; r++) {
      const user = await account();
      runtime.rdsData.calls.reset();
      const done = await timed(user, '/api/imports');
      transactions = Math.max(
        transactions,
        runtime.rdsData.calls.byOperation.BeginTransaction ?? 0,
      );
      if (done.body.created !== ROWS)
        throw new Error(`import: created ${String(done.body.created)}`);
      imports.push(done.ms);
      if (r === 0) {
        const second = await timed(user, '/api/imports');
        if (second.body.created !== 0) throw new Error('the second import created activities');
        again = second.ms;
      }
    }
    figures.push(
      {
        what: `import, ${ROWS} rows into an empty account: median of ${RUNS}`,
        value: median(imports),
        unit: 'ms',
        budget: BUDGETS.imports.importMs,
        kind: 'max',
      },
      {
        what: 'Data API transactions per 500 rows imported',
        value: (transactions * 500) / ROWS,
        unit: 'transactions',
        budget: 1,
        kind: 'max',
      },
      {
        what: `import of the same ${ROWS} rows again (creates nothing)`,
        value: again,
        unit: 'ms',
        kind: 'max',
      },
    );
  } finally {
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return report('Spreadsheet import', figures);
}
