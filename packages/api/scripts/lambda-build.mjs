/**
 * How a Lambda bundle is built, shared by the bundler (bundle.mjs) and the
 * module-load benchmark, which builds its floor bundles (only the SDK
 * clients a function holds) the same way.
 */
import { build } from 'esbuild';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const srcDir = path.join(root, 'src');

/**
 * In Lambda the function role's credentials are in the environment
 * (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN); the rest of
 * the SDK's default chain (ini files, SSO, login, process, web identity, IMDS,
 * and the STS/SSO clients behind them, about 110 KB) never runs there. The
 * bundles are built for Lambda (the local runtime's containers run them with
 * the same variables set), so the chain is replaced by the environment
 * reader (decision 007).
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
export function lazyModules(found) {
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

/**
 * jsonld's default document loader fetches any context a document names over
 * the network, through undici (about 420 KB). The badge reader gives jsonld a
 * loader of its own that holds the contexts it accepts and fetches nothing
 * (src/badges/integrity.ts), so the default is replaced by one that refuses:
 * a call that forgets the loader fails instead of reaching the network.
 */
const JSONLD_OFFLINE_LOADER = `
module.exports = () => async (url) => {
  throw new Error('jsonld documents are not fetched in this bundle: ' + url);
};
`;
const jsonldOffline = {
  name: 'jsonld-offline',
  setup(b) {
    b.onResolve({ filter: /^\.\/documentLoaders\/node$/ }, (args) =>
      /[\\/]jsonld[\\/]lib$/.test(args.resolveDir)
        ? { path: 'jsonld-node-loader', namespace: 'jsonld-offline' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'jsonld-offline' }, () => ({
      contents: JSONLD_OFFLINE_LOADER,
      loader: 'js',
    }));
  },
};

/**
 * esbuild's options for one file of a Lambda bundle: minified CommonJS for
 * Node 20, the SDK and zod from their ESM builds (they tree-shake far better),
 * `found` collecting the modules loaded on first use (lazyModules).
 */
export function lambdaBuildOptions(found) {
  return {
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    minify: true,
    sourcemap: false,
    mainFields: ['module', 'main'],
    legalComments: 'none',
    plugins: [lazyModules(found), sharedIsPure, lambdaCredentials, jsonldOffline],
    metafile: true,
    logLevel: 'warning',
  };
}

/** Builds one file of a Lambda bundle: `entry` (a path, or esbuild's stdin) to `outfile`. */
export function buildLambdaFile({ entry, outfile, found = new Map() }) {
  return build({
    ...lambdaBuildOptions(found),
    ...(typeof entry === 'string' ? { entryPoints: [entry] } : { stdin: entry }),
    outfile,
  });
}
