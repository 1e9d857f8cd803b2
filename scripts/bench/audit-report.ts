/**
 * Audit reports (issue 11): a CISSP cycle with 200 activities, the reports
 * handler called as Lambda calls it (a proxy event, on the local runtime's
 * Data API and S3): CSV and PDF time (the first call, which loads the
 * libraries, and the median of 5 after it), the process's memory growth over
 * the exports (peak RSS, sampled, above the level before the first), and
 * that no other function's bundle contains csv-stringify, pdf-lib, fflate or
 * PDF.js.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lambdaModules } from '@cpe/api/functions';
import { type HandlerOf, buildHandler } from '@cpe/api/handlers';
import { systemClock, startLocalRuntime } from '@cpe/local';
import { handlerDeps } from '@cpe/test-support/handler-deps';
import { api, createUser } from '@cpe/test-support/users';
import { BUDGETS } from './budgets';
import { type Figure, median, report } from './report';

type ProxyEvent = Parameters<HandlerOf<'reports'>>[0];

const ACTIVITIES = 200;
const RUNS = 5;
const API = path.resolve(__dirname, '../../packages/api');
/** What only the reports function may bundle. */
const EXPORT_LIBRARIES = ['csv-stringify', 'pdf-lib', 'fflate', 'unpdf'];

function subOf(accessToken: string): string {
  const payload = accessToken.split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string }).sub;
}

function event(sub: string, certificationId: string, format: string): ProxyEvent {
  return {
    resource: '/api/certifications/{id}/report',
    path: `/api/certifications/${certificationId}/report`,
    httpMethod: 'GET',
    headers: { accept: format === 'pdf' ? 'application/pdf' : 'text/csv' },
    multiValueHeaders: {},
    queryStringParameters: { format },
    multiValueQueryStringParameters: null,
    pathParameters: { id: certificationId },
    stageVariables: null,
    body: null,
    isBase64Encoded: false,
    requestContext: {
      requestId: 'bench',
      authorizer: { claims: { sub } },
    } as unknown as ProxyEvent['requestContext'],
  };
}

/**
 * Entry bundles (`index.js`) holding a file library, by module. Each path that uses one (the
 * report's exports, the spreadsheet import, the inbound mail's PDFs) loads it from a file of its
 * own on that path, so no function's cold start pays for it.
 */
function bundlesWithExportLibraries(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const dist = path.join(API, 'dist');
  for (const module of lambdaModules) {
    const meta = JSON.parse(readFileSync(path.join(dist, module, 'meta.json'), 'utf8')) as {
      outputs: Record<string, { entryPoint?: string; inputs: Record<string, unknown> }>;
    };
    const entry = Object.entries(meta.outputs).find(([out]) => out.endsWith(`/${module}/index.js`));
    if (!entry) throw new Error(`${module}: no index.js in its meta.json`);
    const inputs = Object.keys(entry[1].inputs);
    const libs = EXPORT_LIBRARIES.filter((lib) =>
      inputs.some((input) => input.includes(`node_modules/${lib}/`)),
    );
    if (libs.length > 0) found.set(module, libs);
  }
  return found;
}

export async function benchAuditReport(): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cpe-bench-'));
  const runtime = await startLocalRuntime({
    port: 0,
    dataDir,
    webDistDir: path.resolve(__dirname, '../../packages/web/dist'),
    log: () => undefined,
  });
  const figures: Figure[] = [];
  try {
    const user = await createUser(runtime);
    const client = api(runtime, user.accessToken);
    const cert = await client.post('/api/certifications', {
      certification_name: 'CISSP',
      catalogue_id: 'isc2-cissp',
      earned_date: '2025-03-01',
      expiry_date: '2028-03-01',
      cpe_needed: 120,
      verification_link: null,
    });
    const certificationId = (cert.body as { certification_id: string }).certification_id;
    for (let i = 0; i < ACTIVITIES; i += 20) {
      await Promise.all(
        Array.from({ length: 20 }, (_, j) =>
          client.post('/api/activities', {
            certification_id: certificationId,
            activity_name: `Security seminar ${i + j + 1}: threat modelling and cloud controls`,
            description:
              'Talks on threat modelling, identity and access management, and incident response; notes kept.',
            cpe_units: 1 + ((i + j) % 4) * 0.5,
            activity_date: new Date(Date.UTC(2025, 2, 2) + (i + j) * 4 * 86_400_000)
              .toISOString()
              .slice(0, 10),
            provider: 'ISC2 Chapter',
            category: (i + j) % 2 === 0 ? 'group-a' : 'group-b',
          }),
        ),
      );
    }

    const handler = await buildHandler('reports', handlerDeps(runtime, { clock: systemClock }));
    const sub = subOf(user.accessToken);

    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);

    const time = async (format: string) => {
      const started = performance.now();
      const answer = await handler(event(sub, certificationId, format));
      const ms = performance.now() - started;
      if (answer.statusCode !== 200)
        throw new Error(`${format}: ${answer.statusCode} ${answer.body}`);
      return ms;
    };
    for (const format of ['csv', 'pdf'] as const) {
      const first = await time(format);
      const warm: number[] = [];
      for (let r = 0; r < RUNS; r++) warm.push(await time(format));
      const budget = format === 'csv' ? BUDGETS.report.csvMs : BUDGETS.report.pdfMs;
      figures.push({
        what: `${format.toUpperCase()}, ${ACTIVITIES} activities: first call (loads the library)`,
        value: first,
        unit: 'ms',
        kind: 'max',
      });
      figures.push({
        what: `${format.toUpperCase()}, ${ACTIVITIES} activities: median of ${RUNS}`,
        value: median(warm),
        unit: 'ms',
        budget,
        kind: 'max',
      });
    }
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    figures.push({
      what: 'export handler: peak RSS growth over the exports',
      value: (peak - baseline) / 2 ** 20,
      unit: 'MB',
      budget: BUDGETS.report.memoryMb,
      kind: 'max',
    });

    const offenders = bundlesWithExportLibraries();
    figures.push({
      what: `index.js bundles holding ${EXPORT_LIBRARIES.join(', ')} (each loads on its own path)${
        offenders.size
          ? ` (${[...offenders].map(([m, l]) => `${m}: ${l.join(' ')}`).join('; ')})`
          : ''
      }`,
      value: offenders.size,
      unit: 'bundles',
      budget: 0,
      kind: 'max',
    });
  } finally {
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return report('Audit report', figures);
}
