/**
 * Lambda bundles (docs/performance.md): each minified bundle <= 300 KB, and each
 * module load <= 35 ms median over 20 fresh `node -e "require(bundle)"` runs.
 */
import { BUDGETS } from './budgets';
import { execFileSync, spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import { lambdaModules } from '@cpe/api/functions';
import { type Figure, median, report } from './report';

const API = path.resolve(__dirname, '../../packages/api');
const DIST = path.join(API, 'dist');
const RUNS = 20;

/** What the CDK stack gives every function; env() validates it at module load. */
const LAMBDA_ENV = {
  ...process.env,
  AWS_REGION: 'ap-southeast-2',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
  DB_CLUSTER_ARN: 'arn:aws:rds:ap-southeast-2:000000000000:cluster:bench',
  DB_SECRET_ARN: 'arn:aws:secretsmanager:ap-southeast-2:000000000000:secret:bench',
  MIGRATIONS_DIR: path.join(DIST, 'migrate/migrations'),
};

function loadMs(bundle: string): number {
  // The child times only the require, as Lambda's init phase would.
  const script = `const t=process.hrtime.bigint();require(${JSON.stringify(bundle)});process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6))`;
  const out = spawnSync(process.execPath, ['-e', script], { env: LAMBDA_ENV, encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`loading ${bundle} failed: ${out.stderr}`);
  return Number(out.stdout);
}

export async function benchLambdaBundles(): Promise<boolean> {
  execFileSync(process.execPath, [path.join(API, 'scripts/bundle.mjs')], { stdio: 'ignore' });
  const modules = [...lambdaModules].sort();
  const bundleOf = (module: string) => path.join(DIST, module, 'index.js');
  // Round-robin: a slow spell of a shared machine then weighs on every bundle
  // alike instead of on the few measured during it.
  const times = new Map<string, number[]>(modules.map((m) => [m, []]));
  for (let run = 0; run < RUNS; run++) {
    for (const module of modules) times.get(module)?.push(loadMs(bundleOf(module)));
  }
  const figures: Figure[] = [];
  for (const module of modules) {
    figures.push({
      what: `${module}: bundle, minified`,
      value: statSync(bundleOf(module)).size / 1024,
      unit: 'KB',
      budget: BUDGETS.lambdaBundleKb,
      kind: 'max',
    });
    figures.push({
      what: `${module}: module load, median of ${RUNS}`,
      value: median(times.get(module) ?? []),
      unit: 'ms',
      budget: BUDGETS.lambdaModuleLoadMs,
      kind: 'max',
    });
  }
  return report('Lambda bundles', figures);
}
