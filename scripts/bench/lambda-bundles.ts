/**
 * Lambda bundles (docs/performance.md): each minified index.js <= 1 MB, and
 * each cold start at most 1.3x that of a floor measured in the same run: a
 * bundle of only the AWS SDK clients the function's index.js holds, built the
 * same way (packages/api/scripts/lambda-build.mjs) and constructing them as
 * the function does at module scope. What a user waits for on a cold start is
 * Lambda's init: the runtime starts and loads the handler's module. Here a
 * fresh Node process does the same, and reports the time from its start to
 * the module loaded (`performance.now()`, whose origin is the process's start)
 * and, apart, the module load alone. Runs alternate bundle and floor, round
 * robin over every function, so a slow spell weighs on all alike.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lambdaModules } from '@cpe/api/functions';
import { BUDGETS } from './budgets';
import { type Figure, median, report } from './report';

const API = path.resolve(__dirname, '../../packages/api');
const DIST = path.join(API, 'dist');
const RUNS = 20;

/** Each SDK client a bundle may hold at module scope, and the class it constructs. */
const CLIENT_CLASSES: Record<string, string> = {
  '@aws-sdk/client-rds-data': 'RDSDataClient',
  '@aws-sdk/client-secrets-manager': 'SecretsManagerClient',
  '@aws-sdk/client-s3': 'S3Client',
  '@aws-sdk/client-sesv2': 'SESv2Client',
  '@aws-sdk/client-cognito-identity-provider': 'CognitoIdentityProviderClient',
};

/** What the CDK stack gives every function; the config is validated at module load. */
const LAMBDA_ENV = {
  PATH: process.env.PATH ?? '',
  AWS_REGION: 'ap-southeast-2',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  DB_CLUSTER_ARN: 'arn:aws:rds:ap-southeast-2:000000000000:cluster:bench',
  DB_SECRET_ARN: 'arn:aws:secretsmanager:ap-southeast-2:000000000000:secret:bench',
  MIGRATIONS_DIR: path.join(DIST, 'migrate/migrations'),
};

/** The SDK client packages whose code is in a bundle's index.js (not its files loaded on first use). */
function clientsIn(module: string): string[] {
  const meta = JSON.parse(readFileSync(path.join(DIST, module, 'meta.json'), 'utf8')) as {
    outputs: Record<string, { inputs: Record<string, unknown> }>;
  };
  const index = Object.entries(meta.outputs).find(([file]) => file.endsWith('/index.js'));
  if (!index) throw new Error(`${module}: meta.json has no index.js`);
  const clients = new Set<string>();
  for (const input of Object.keys(index[1].inputs)) {
    const found = /node_modules\/(@aws-sdk\/client-[a-z0-9-]+)\//.exec(input)?.[1];
    if (found) clients.add(found);
  }
  for (const client of clients) {
    if (!CLIENT_CLASSES[client]) throw new Error(`${module}: no floor for ${client}`);
  }
  return [...clients].sort();
}

/** A bundle constructing `clients` at module scope, as a function's entry does, and nothing else. */
async function floorBundle(clients: string[], outdir: string): Promise<string> {
  const { buildLambdaFile } = (await import(path.join(API, 'scripts/lambda-build.mjs'))) as {
    buildLambdaFile: (options: { entry: object; outfile: string }) => Promise<unknown>;
  };
  const contents = [
    ...clients.map((c, i) => `import { ${CLIENT_CLASSES[c]} as C${i} } from '${c}';`),
    `export const clients = [${clients.map((_, i) => `new C${i}({ region: process.env.AWS_REGION })`).join(', ')}];`,
    'export const handler = async () => clients.length;',
  ].join('\n');
  const outfile = path.join(outdir, `${clients.join('+').replace(/[@/]/g, '_') || 'none'}.js`);
  await buildLambdaFile({
    entry: { contents, resolveDir: path.join(API, 'src'), loader: 'ts' },
    outfile,
  });
  return outfile;
}

/** A fresh Node process loading `bundle`: ms from its start to the module loaded, and the load alone. */
function coldStart(bundle: string): { initMs: number; loadMs: number } {
  const script = `const t=performance.now();require(${JSON.stringify(bundle)});const e=performance.now();process.stdout.write(JSON.stringify({initMs:e,loadMs:e-t}))`;
  const out = spawnSync(process.execPath, ['-e', script], { env: LAMBDA_ENV, encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`loading ${bundle} failed: ${out.stderr}`);
  return JSON.parse(out.stdout) as { initMs: number; loadMs: number };
}

export async function benchLambdaBundles(): Promise<boolean> {
  const modules = [...lambdaModules].sort();
  const bundleOf = (module: string) => path.join(DIST, module, 'index.js');
  const floorsDir = mkdtempSync(path.join(tmpdir(), 'cpe-floor-'));
  try {
    const floorOf = new Map<string, string>();
    const clientsOf = new Map(modules.map((m) => [m, clientsIn(m)]));
    for (const clients of new Set([...clientsOf.values()].map((c) => c.join(',')))) {
      floorOf.set(clients, await floorBundle(clients ? clients.split(',') : [], floorsDir));
    }
    const floorFor = (module: string) => floorOf.get(clientsOf.get(module)?.join(',') ?? '') ?? '';

    const runs = new Map<string, Array<{ initMs: number; loadMs: number }>>();
    const measure = (key: string, file: string) => {
      if (!runs.has(key)) runs.set(key, []);
      runs.get(key)?.push(coldStart(file));
    };
    for (let run = 0; run < RUNS; run++) {
      for (const module of modules) {
        measure(module, bundleOf(module));
        measure(`floor:${module}`, floorFor(module));
      }
    }
    const med = (key: string, what: 'initMs' | 'loadMs') =>
      median((runs.get(key) ?? []).map((r) => r[what]));

    const figures: Figure[] = [];
    for (const module of modules) {
      const clients = clientsOf.get(module) ?? [];
      const floorName = clients.length
        ? clients.map((c) => c.replace('@aws-sdk/client-', '')).join(' + ')
        : 'no SDK client';
      figures.push(
        {
          what: `${module}: index.js, minified`,
          value: Math.round((statSync(bundleOf(module)).size / 1024) * 10) / 10,
          unit: 'KB',
          budget: BUDGETS.lambdaBundleKb,
          kind: 'max',
        },
        {
          what: `${module}: cold start (process start to handler loaded), median of ${RUNS}`,
          value: Math.round(med(module, 'initMs') * 10) / 10,
          unit: 'ms',
          kind: 'max',
        },
        {
          what: `${module}: floor (${floorName}), same measure`,
          value: Math.round(med(`floor:${module}`, 'initMs') * 10) / 10,
          unit: 'ms',
          kind: 'max',
        },
        {
          what: `${module}: cold start / floor`,
          value: Math.round((med(module, 'initMs') / med(`floor:${module}`, 'initMs')) * 100) / 100,
          unit: 'x',
          budget: BUDGETS.lambdaInitRatioToSdkFloor,
          kind: 'max',
        },
        {
          what: `${module}: module load alone, bundle / floor`,
          value: Math.round(med(module, 'loadMs') * 10) / 10,
          unit: `ms / ${Math.round(med(`floor:${module}`, 'loadMs') * 10) / 10} ms`,
          kind: 'max',
        },
      );
    }
    return report('Lambda bundles', figures);
  } finally {
    rmSync(floorsDir, { recursive: true, force: true });
  }
}
