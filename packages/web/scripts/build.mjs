/**
 * Builds the SPA with esbuild: hashed, minified entry chunks under dist/assets,
 * an index.html that references them (and preloads the chunks the entry imports),
 * a metafile for the size budget, and gzip/brotli copies the local static
 * server (and CloudFront) can serve. Stylesheets are SCSS compiled by sass, so
 * only the Bootstrap partials the app uses are shipped (src/styles.scss).
 *
 * `pnpm build` runs it through turbo, which skips it when its inputs are
 * unchanged (turbo.json).
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
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import * as sass from 'sass';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');

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
  plugins: [sassPlugin],
});

writeFileSync(path.join(dist, 'meta.json'), JSON.stringify(result.metafile));

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

// The chunks the entry imports (at any depth) load with it: preload them instead of discovering
// them one import level at a time.
const preloads = [...closure(entryJs)]
  .filter((f) => f !== entryJs)
  .map((f) => `<link rel="modulepreload" href="${rel(f)}">`)
  .join('');

const template = readFileSync(path.join(root, 'src/index.html'), 'utf8');
writeFileSync(
  path.join(dist, 'index.html'),
  template
    .replace('<!-- styles -->', css + preloads)
    .replace('<!-- scripts -->', `<script type="module" src="${rel(entryJs)}"></script>`),
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
console.log(
  `web: built ${outputs.length} files into ${path.relative(process.cwd(), dist) || 'dist'}`,
);
