/**
 * Bundles every Lambda of the api package with esbuild, one directory per
 * function, ready for `lambda.Code.fromAsset(dist/<module>)` with handler
 * `index.handler`:
 *
 *   dist/<module>/index.js    minified CommonJS for Node 20
 *   dist/<module>/<name>.js   a module the handler loads on first use (see lazyModules)
 *   dist/<module>/meta.json   the esbuild metafile of them all (bundle size budget: <= 300 KB)
 *   dist/migrate/migrations/  the SQL files (the migrate function reads MIGRATIONS_DIR)
 *
 * The module list comes from src/functions.ts (httpHandlers + otherHandlers),
 * and each bundle's entry is the module's thin Lambda entry file
 * (src/lambda/<module>.ts), so a new handler group is bundled without touching
 * this script. The AWS SDK v3
 * clients are bundled, not taken from the Lambda runtime, so the versions that
 * run are the ones the lockfile pins and the tests exercised.
 *
 * Usage: node scripts/bundle.mjs [--strict] [--force] [--outdir <dir>] [module ...]
 * (no module: every module; default outdir: dist). It prints each bundle's
 * size against the budget (docs/performance.md); with --strict a bundle over
 * budget fails the run. A build of every module whose inputs are unchanged
 * is skipped (<outdir>/.build-hash, scripts/build-inputs.mjs); `--force`
 * rebuilds anyway.
 */
import { build } from 'esbuild';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtFrom, packageBuildHash } from '../../../scripts/build-inputs.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repo = path.resolve(root, '../..');
const srcDir = path.join(root, 'src');
const lambdaDir = path.join(srcDir, 'lambda');
const BUDGET_BYTES = 300 * 1024;

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

/**
 * In Lambda the function role's credentials are in the environment
 * (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN); the rest of
 * the SDK's default chain (ini files, SSO, login, process, web identity, IMDS,
 * and the STS/SSO clients behind them, about 110 KB) never runs there. The
 * bundles are built for Lambda only (the local runtime loads the sources,
 * with the full chain), so the chain is replaced by the environment reader.
 */
const LAMBDA_CREDENTIALS = `
export const defaultProvider = () => async () => {
  const { AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, AWS_CREDENTIAL_EXPIRATION } = process.env;
  if (!AWS_ACCESS_KEY_ID || !AWS_SECRET_ACCESS_KEY) {
    const error = new Error('No AWS credentials in the environment: this bundle is built for AWS Lambda');
    error.name = 'CredentialsProviderError';
    throw error;
  }
  return {
    accessKeyId: AWS_ACCESS_KEY_ID,
    secretAccessKey: AWS_SECRET_ACCESS_KEY,
    ...(AWS_SESSION_TOKEN ? { sessionToken: AWS_SESSION_TOKEN } : {}),
    ...(AWS_CREDENTIAL_EXPIRATION ? { expiration: new Date(AWS_CREDENTIAL_EXPIRATION) } : {}),
  };
};
`;
const lambdaCredentials = {
  name: 'lambda-credentials',
  setup(b) {
    b.onResolve({ filter: /^@aws-sdk\/credential-provider-node$/ }, () => ({
      path: 'credential-provider-node',
      namespace: 'lambda-credentials',
    }));
    b.onLoad({ filter: /.*/, namespace: 'lambda-credentials' }, () => ({
      contents: LAMBDA_CREDENTIALS,
      loader: 'js',
    }));
  },
};

/**
 * @cpe/shared is mostly pure (data, schemas, functions) but its package.json
 * does not say so, so esbuild keeps, say, the certification catalogue in
 * bundles that never use it. Its modules are marked side-effect free here,
 * except those imported for their effect (`import './zod-config'`): those stay.
 */
const sharedRoot = path.resolve(root, '../shared');
const sharedSrc = path.join(sharedRoot, 'src');

function importedForEffect() {
  const keep = new Set();
  for (const entry of readdirSync(sharedSrc, { recursive: true })) {
    const file = path.join(sharedSrc, String(entry));
    if (!file.endsWith('.ts')) continue;
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(
      /^\s*import\s+['"](\.[^'"]+)['"]/gm,
    )) {
      const target = path.resolve(path.dirname(file), spec);
      keep.add(target.endsWith('.ts') ? target : `${target}.ts`);
    }
  }
  return keep;
}

/** Read once per run: every bundle's build (one per module and lazy file) shares them. */
let keepForEffect;
const markedSources = new Map();

const sharedIsPure = {
  name: 'shared-is-pure',
  setup(b) {
    keepForEffect ??= importedForEffect();
    const keep = keepForEffect;
    b.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData?.sharedIsPure) return undefined;
      const fromShared = args.importer.startsWith(sharedRoot + path.sep);
      if (!fromShared && !args.path.startsWith('@cpe/shared')) return undefined;
      const result = await b.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: { sharedIsPure: true },
      });
      if (result.errors.length > 0 || !result.path.startsWith(sharedSrc + path.sep)) return result;
      if (keep.has(result.path)) return result;
      return { ...result, sideEffects: false };
    });
    // zod marks its schema factories side-effect free, but esbuild honours that
    // only within one file: a schema a bundle never uses would still be built
    // at every cold start. The same mark on each `z.<factory>(` call of these
    // modules lets esbuild drop the unused ones (z.config, which is called for
    // its effect, excepted).
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (!args.path.startsWith(sharedSrc + path.sep) || keep.has(args.path)) return undefined;
      if (!markedSources.has(args.path)) {
        const source = readFile(args.path, 'utf8');
        markedSources.set(
          args.path,
          source.then((text) => text.replace(ZOD_FACTORY_CALL, '/* @__PURE__ */ $&')),
        );
      }
      return { contents: await markedSources.get(args.path), loader: 'ts' };
    });
  },
};

/** `z.object(`, `z.array(`...: a zod factory called through the `z` namespace. */
const ZOD_FACTORY_CALL = /(?<![\w$.])z\s*\.\s*(?!config\b)[A-Za-z]\w*\s*\(/g;

/**
 * A dynamic `import('./x')` of a source module loads a large library only on
 * the path that needs it (the openai package: on the first recommendation
 * with a key), so the function's cold start never pays for it. Each such
 * module is bundled as a file of its own beside index.js, `x.js`, and the
 * import becomes `require('./x.js')`, which Node resolves next to index.js;
 * `lambda.Code.fromAsset(dist/<module>)` ships the whole directory. `found`
 * collects them (file name -> source path) for the caller to bundle.
 */
function lazyModules(found) {
  return {
    name: 'lazy-modules',
    setup(b) {
      b.onResolve({ filter: /^\./ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData?.lazyModules) return undefined;
        if (!args.importer.startsWith(srcDir + path.sep)) return undefined;
        const result = await b.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: { lazyModules: true },
        });
        if (result.errors.length > 0) return result;
        const file = `${path.basename(result.path, path.extname(result.path))}.js`;
        if (file === 'index.js' || (found.has(file) && found.get(file) !== result.path)) {
          return { errors: [{ text: `Two lazily loaded modules would both be ${file}` }] };
        }
        found.set(file, result.path);
        return { path: file, namespace: 'lazy-module' };
      });
      b.onLoad({ filter: /.*/, namespace: 'lazy-module' }, (args) => ({
        contents: `module.exports = require(${JSON.stringify(`./${args.path}`)});`,
        loader: 'js',
      }));
      b.onResolve({ filter: /.*/, namespace: 'lazy-module' }, (args) => ({
        path: args.path,
        external: true,
      }));
    },
  };
}

async function bundle(module) {
  const outdir = path.join(dist, module);
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const lazy = new Map();
  const build1 = (entry, file) =>
    build({
      entryPoints: [entry],
      outfile: path.join(outdir, file),
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      minify: true,
      sourcemap: false,
      // ESM builds of the SDK and zod tree-shake far better than their CJS builds.
      mainFields: ['module', 'main'],
      legalComments: 'none',
      plugins: [lazyModules(lazy), sharedIsPure, lambdaCredentials],
      metafile: true,
      logLevel: 'warning',
    });
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
const force = args.includes('--force');
const outdirAt = args.indexOf('--outdir');
if (outdirAt !== -1 && !args[outdirAt + 1]) throw new Error('--outdir needs a directory');
const dist = outdirAt === -1 ? path.join(root, 'dist') : path.resolve(args[outdirAt + 1]);
const requested = args.filter(
  (a, i) => a !== '--strict' && a !== '--force' && i !== outdirAt && i !== outdirAt + 1,
);

// Everything a bundle can be made of: the api's sources and migrations, and what every package build reads.
const sourceHash = packageBuildHash(repo, {
  packageRoot: root,
  script: fileURLToPath(import.meta.url),
  dirs: [srcDir, path.join(root, 'migrations')],
});
const all = await handlerModules();
for (const name of requested) {
  if (!all.includes(name))
    throw new Error(`Unknown handler module ${name}; known: ${all.join(', ')}`);
}
const hashFile = path.join(dist, '.build-hash');
const everyBundle = all.map((m) => path.join(m, 'index.js'));
if (requested.length === 0 && !force && builtFrom(dist, sourceHash, everyBundle)) {
  console.log('api: dist is up to date (sources unchanged)');
  process.exit(0);
}
// A build of some modules leaves the others as they were: the whole is no longer known to match.
rmSync(hashFile, { force: true });
const results = await Promise.all((requested.length > 0 ? requested : all).map(bundle));

const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
let over = false;
for (const { module, bytes, lazyFiles } of results) {
  const flag = bytes > BUDGET_BYTES ? '  OVER BUDGET (300 KB)' : '';
  if (flag) over = true;
  console.log(`${module.padEnd(20)} ${kb(bytes)} KB${flag}`);
  // Outside the budget, which is for what a cold start loads.
  for (const { file, bytes: lazyBytes } of lazyFiles) {
    console.log(`  + ${file.padEnd(16)} ${kb(lazyBytes)} KB  loaded on first use`);
  }
}
if (requested.length === 0) writeFileSync(hashFile, `${sourceHash}\n`);
if (over && strict) process.exitCode = 1;
