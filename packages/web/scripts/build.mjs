/**
 * Builds the SPA with esbuild: hashed, minified entry chunks under dist/assets,
 * an index.html that references them (and preloads the chunks the entry imports,
 * and lists the chunks each on-demand module needs so the app can preload those),
 * a metafile for the size budget, and gzip/brotli copies the local static
 * server (and CloudFront) can serve. Stylesheets are SCSS compiled by sass, so
 * only the Bootstrap partials the app uses are shipped (src/styles.scss).
 *
 * A build whose inputs are unchanged is skipped: dist/.build-hash keeps a hash
 * of every file the bundle can be made of (the inputs below), and `npm start`
 * then costs milliseconds here instead of seconds. `--force` rebuilds anyway.
 */
import {
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  readdirSync,
  cpSync,
  existsSync,
} from 'node:fs';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { builtFrom, packageBuildHash } from '../../../scripts/build-inputs.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repo = path.resolve(root, '../..');
const dist = path.join(root, 'dist');
const hashFile = path.join(dist, '.build-hash');

/** Everything the output depends on: the app's sources and public files, and what every package build reads. */
const sourceHash = packageBuildHash(repo, {
  packageRoot: root,
  script: fileURLToPath(import.meta.url),
  dirs: [path.join(root, 'src'), path.join(root, 'public')],
});
const upToDate = !process.argv.includes('--force') && builtFrom(dist, sourceHash, ['index.html']);
if (upToDate) {
  console.log('web: dist is up to date (sources unchanged)');
  process.exit(0);
}

// Loaded only when there is something to build: sass alone takes over 100 ms to load.
const { build } = await import('esbuild');
const sass = await import('sass');

rmSync(dist, { recursive: true, force: true });
mkdirSync(path.join(dist, 'assets'), { recursive: true });

/** Compiles imported .scss files with sass; esbuild then bundles and minifies the CSS. */
const sassPlugin = {
  name: 'sass',
  setup(b) {
    b.onLoad({ filter: /\.scss$/ }, (args) => {
      const out = sass.compile(args.path, {
        loadPaths: [path.join(root, 'node_modules')],
        style: 'expanded',
        quietDeps: true,
        // Bootstrap 5.3's sources still use @import and global functions.
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      });
      return {
        contents: out.css,
        loader: 'css',
        watchFiles: out.loadedUrls.filter((u) => u.protocol === 'file:').map(fileURLToPath),
      };
    });
  },
};

/**
 * React ships CommonJS only. esbuild gives every ES module that imports it an
 * interop copy of its exports (a getter per export, about 40 of them), and
 * about 190 modules of the app and its libraries import React: thousands of
 * getters made before the first render. Here ES modules import one module
 * that binds React's exports once instead (CommonJS code still requires React
 * itself, the same instance).
 */
const require = createRequire(import.meta.url);
const reactDir = path.dirname(require.resolve('react/package.json'));
const reactModules = {
  react: 'cjs/react.production.js',
  'react/jsx-runtime': 'cjs/react-jsx-runtime.production.js',
};
const reactEsm = {
  name: 'react-esm',
  setup(b) {
    b.onResolve({ filter: /^react(\/jsx-runtime)?$/ }, (args) =>
      args.kind === 'import-statement' && args.namespace !== 'react-esm'
        ? { path: args.path, namespace: 'react-esm' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'react-esm' }, (args) => {
      const names = Object.keys(require(path.join(reactDir, reactModules[args.path])));
      return {
        contents: [
          `import cjs from ${JSON.stringify(args.path)};`,
          'export default cjs;',
          `export const { ${names.join(', ')} } = cjs;`,
        ].join('\n'),
        resolveDir: root,
        loader: 'js',
      };
    });
  },
};

const result = await build({
  // Metafile paths relative to the package whatever the caller's cwd: a skipped
  // build keeps the metafile of an earlier one, which the size bench reads.
  absWorkingDir: root,
  entryPoints: { app: path.join(root, 'src/main.tsx') },
  bundle: true,
  splitting: true,
  format: 'esm',
  target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
  minify: true,
  sourcemap: false,
  jsx: 'automatic',
  outdir: path.join(dist, 'assets'),
  entryNames: '[name]-[hash]',
  chunkNames: 'chunk-[hash]',
  assetNames: '[name]-[hash]',
  loader: { '.svg': 'file', '.png': 'file', '.woff2': 'file' },
  metafile: true,
  define: { 'process.env.NODE_ENV': '"production"' },
  legalComments: 'none',
  // V8's explicit compile hint (Chrome 136+; a plain comment elsewhere): every function of the
  // file is compiled while the script streams in, off the main thread, instead of when first
  // called. The app calls most of what it loads at once (React's renderer alone is a 200 KB
  // function body that would otherwise be compiled on the main thread before the first render).
  banner: { js: '//# allFunctionsCalledOnLoad' },
  logLevel: 'warning',
  plugins: [sassPlugin, reactEsm],
});

// The boot script (src/boot.ts): a module of its own, importing nothing, that index.html runs
// while the app's chunks load: a module script, fetched at their priority, and async, so that it
// runs as soon as it is here, in a task of its own rather than the one that runs the app's.
const boot = await build({
  absWorkingDir: root,
  entryPoints: { boot: path.join(root, 'src/boot.ts') },
  bundle: true,
  format: 'esm',
  target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
  minify: true,
  outdir: path.join(dist, 'assets'),
  entryNames: '[name]-[hash]',
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
});
Object.assign(result.metafile.inputs, boot.metafile.inputs);
Object.assign(result.metafile.outputs, boot.metafile.outputs);
writeFileSync(path.join(dist, 'meta.json'), JSON.stringify(result.metafile));
const bootJs = Object.keys(boot.metafile.outputs).find((f) => f.endsWith('.js'));

const outputs = Object.entries(result.metafile.outputs);
const entry = outputs.find(([, o]) => o.entryPoint?.endsWith('src/main.tsx'));
if (!entry) throw new Error('no entry chunk in the metafile');
const [entryJs, entryMeta] = entry;
const rel = (file) => '/' + path.relative(dist, path.resolve(root, file)).split(path.sep).join('/');
const css = entryMeta.cssBundle ? `<link rel="stylesheet" href="${rel(entryMeta.cssBundle)}">` : '';

/** Output files an output imports statically, itself included, as the browser would fetch them. */
function closure(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const i of result.metafile.outputs[file]?.imports ?? []) {
    if (i.kind === 'import-statement') closure(i.path, seen);
  }
  return seen;
}

/** The output of the module `src/<name>` that the app imports on demand. */
function onDemandOutput(name) {
  const found = outputs.find(([, o]) => o.entryPoint?.replace(/\.[jt]sx?$/, '') === `src/${name}`);
  if (!found) throw new Error(`no chunk for src/${name} in the metafile`);
  return found[0];
}

// The chunks the entry imports (at any depth) load with it: preload them instead of discovering
// them one import level at a time. So do those of the modules every start imports on demand (kept
// out of the entry so that they evaluate in tasks of their own): the check of /config.json.
const AT_START = ['config-check'];
const first = closure(entryJs);
for (const name of AT_START) closure(onDemandOutput(name), first);
const preloads = [...first]
  .filter((f) => f !== entryJs)
  .map((f) => `<link rel="modulepreload" href="${rel(f)}">`)
  .join('');

// For each module the app imports on demand (a page, the sign-in code, the API client), the
// chunks it needs beyond the entry's, named by its source path under src/ without extension
// ("pages/Login"). The app preloads them all when it starts that import (src/lib/preload.ts),
// so they load together instead of one import level per round trip. The table is JSON in a
// script element of another type: never executed, so the CSP's script-src 'self' allows it.
const onDemand = {};
for (const [file, meta] of outputs) {
  if (!meta.entryPoint?.startsWith('src/') || file === entryJs || file === bootJs) continue;
  const name = meta.entryPoint.slice('src/'.length).replace(/\.[jt]sx?$/, '');
  const needs = [...closure(file)].filter((f) => !first.has(f)).map(rel);
  if (needs.length > 0) onDemand[name] = needs;
}
const chunkTable = `<script type="application/json" id="chunks">${JSON.stringify(onDemand)}</script>`;

const template = readFileSync(path.join(root, 'src/index.html'), 'utf8');
writeFileSync(
  path.join(dist, 'index.html'),
  template
    .replace('<!-- styles -->', css + preloads)
    .replace('<!-- chunks -->', chunkTable)
    .replace(
      '<!-- scripts -->',
      `<script type="module" async src="${rel(bootJs)}"></script><script type="module" src="${rel(entryJs)}"></script>`,
    ),
);
if (existsSync(path.join(root, 'public')))
  cpSync(path.join(root, 'public'), dist, { recursive: true });

function compressAll(dir) {
  for (const name of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, name.name);
    if (name.isDirectory()) compressAll(file);
    else if (
      /\.(js|css|html|svg|json|txt|webmanifest)$/.test(name.name) &&
      name.name !== 'meta.json'
    ) {
      const body = readFileSync(file);
      writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
    }
  }
}
compressAll(dist);
// Written last: a build that fails half-way leaves no hash, so the next run builds again.
writeFileSync(hashFile, `${sourceHash}\n`);
console.log(
  `web: built ${outputs.length} files into ${path.relative(process.cwd(), dist) || 'dist'}`,
);
