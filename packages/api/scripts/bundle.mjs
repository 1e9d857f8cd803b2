/**
 * Bundles every Lambda of the api package with esbuild, one directory per
 * function, ready for `lambda.Code.fromAsset(dist/<module>)` with handler
 * `index.handler`:
 *
 *   dist/<module>/index.js    minified CommonJS for Node 20
 *   dist/<module>/<name>.js   a module the handler loads on first use (see lazyModules)
 *   dist/<module>/meta.json   the esbuild metafile of them all (bundle size budget: <= 1 MB)
 *   dist/migrate/migrations/  the SQL files (the migrate function reads MIGRATIONS_DIR)
 *
 * The module list comes from src/functions.ts (httpHandlers + otherHandlers),
 * and each bundle's entry is the module's thin Lambda entry file
 * (src/lambda/<module>.ts), so a new handler group is bundled without touching
 * this script. The AWS SDK v3 clients are bundled, not taken from the Lambda
 * runtime, so the versions that run are the ones the lockfile pins and the
 * tests exercised. The same directories are what the local runtime's
 * containers run.
 *
 * Usage: node scripts/bundle.mjs [--strict] [--quiet] [--outdir <dir>] [module ...]
 * (no module: every module; default outdir: dist). It prints each bundle's
 * size against the budget (docs/performance.md); with --strict a bundle over
 * budget fails the run. `pnpm build` runs it through turbo, which skips it
 * when its inputs are unchanged (turbo.json).
 */
import { build } from 'esbuild';
import { cpSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildLambdaFile } from './lambda-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const srcDir = path.join(root, 'src');
const lambdaDir = path.join(srcDir, 'lambda');
/** Each index.js (docs/performance.md; scripts/bench/budgets.ts holds the same figure). */
const BUDGET_BYTES = 1024 * 1024;

/** Reads the function table (a TypeScript module) by bundling it once to a temporary CJS file. */
async function handlerModules() {
  const dir = mkdtempSync(path.join(tmpdir(), 'cpe-handlers-'));
  try {
    const outfile = path.join(dir, 'index.cjs');
    await build({
      entryPoints: [path.join(root, 'src/functions.ts')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      outfile,
      logLevel: 'warning',
    });
    return [...createRequire(import.meta.url)(outfile).lambdaModules];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Builds one module into `outdir`: index.js, the files it loads on first use, meta.json. */
async function bundle(module, outdir) {
  mkdirSync(outdir, { recursive: true });
  const lazy = new Map();
  const build1 = (entry, file) =>
    buildLambdaFile({ entry, outfile: path.join(outdir, file), found: lazy });
  const metafile = (await build1(path.join(lambdaDir, `${module}.ts`), 'index.js')).metafile;
  // A lazily loaded module may load others lazily in turn.
  const lazyFiles = [];
  for (let i = 0; i < lazy.size; i++) {
    const [file, source] = [...lazy][i];
    const meta = (await build1(source, file)).metafile;
    Object.assign(metafile.inputs, meta.inputs);
    Object.assign(metafile.outputs, meta.outputs);
    lazyFiles.push({ file, bytes: statSync(path.join(outdir, file)).size });
  }
  writeFileSync(path.join(outdir, 'meta.json'), JSON.stringify(metafile));
  if (module === 'migrate') {
    cpSync(path.join(root, 'migrations'), path.join(outdir, 'migrations'), { recursive: true });
  }
  return { module, bytes: statSync(path.join(outdir, 'index.js')).size, lazyFiles };
}

const args = process.argv.slice(2);
const strict = args.includes('--strict');
const quiet = args.includes('--quiet');
const outdirAt = args.indexOf('--outdir');
if (outdirAt !== -1 && !args[outdirAt + 1]) throw new Error('--outdir needs a directory');
const dist = outdirAt === -1 ? path.join(root, 'dist') : path.resolve(args[outdirAt + 1]);
const requested = args.filter(
  (a, i) => !a.startsWith('--') && (outdirAt === -1 || i !== outdirAt + 1),
);

const all = await handlerModules();
for (const name of requested) {
  if (!all.includes(name))
    throw new Error(`Unknown handler module ${name}; known: ${all.join(', ')}`);
}
const modules = requested.length > 0 ? requested : all;
// A whole build replaces dist; a build of some modules replaces only theirs.
for (const dir of requested.length > 0 ? modules.map((m) => path.join(dist, m)) : [dist]) {
  rmSync(dir, { recursive: true, force: true });
}
const results = await Promise.all(modules.map((m) => bundle(m, path.join(dist, m))));

const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
let over = false;
for (const { module, bytes, lazyFiles } of results) {
  const flag = bytes > BUDGET_BYTES ? '  OVER BUDGET (1 MB)' : '';
  if (flag) over = true;
  if (quiet && !flag) continue;
  console.log(`${module.padEnd(20)} ${kb(bytes)} KB${flag}`);
  // Outside the budget, which is for what a cold start loads.
  for (const { file, bytes: lazyBytes } of lazyFiles) {
    console.log(`  + ${file.padEnd(16)} ${kb(lazyBytes)} KB  loaded on first use`);
  }
}
if (over && strict) process.exitCode = 1;
