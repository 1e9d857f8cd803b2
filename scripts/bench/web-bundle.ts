/**
 * SPA size budgets (docs/performance.md): gzip bytes of the JavaScript the first
 * route needs (the entry chunk, every chunk it imports statically, every
 * chunk index.html preloads and the boot script, which the browser fetches
 * before the page can render) and of the CSS, from the esbuild
 * metafile of the current build (the build script rebuilds when a source
 * changed, else keeps the identical output it made from those sources). For
 * information, it also prints what each audited page loads before the app
 * draws it: the page's chunks, loaded with /config.json before the first render.
 */
import { BUDGETS } from './budgets';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Figure, report } from './report';

const WEB = path.resolve(__dirname, '../../packages/web');

interface MetaOutput {
  entryPoint?: string;
  imports: { path: string; kind: string }[];
  cssBundle?: string;
}
interface Metafile {
  outputs: Record<string, MetaOutput>;
}

const gzipSize = (file: string) =>
  gzipSync(readFileSync(path.join(WEB, file)), { level: 9 }).length;

/** Output paths in the metafile are relative to the package (where the build runs). */
export function firstRouteFiles(meta: Metafile): { js: string[]; css: string[]; lazy: string[] } {
  const entry = Object.entries(meta.outputs).find(([, o]) =>
    o.entryPoint?.endsWith('src/main.tsx'),
  );
  if (!entry) throw new Error('no entry chunk in dist/meta.json');
  const js = new Set<string>();
  const visit = (file: string) => {
    if (js.has(file)) return;
    js.add(file);
    for (const i of meta.outputs[file]?.imports ?? []) {
      if (i.kind === 'import-statement') visit(i.path);
    }
  };
  visit(entry[0]);
  // And what index.html preloads beside them: modules every start imports on demand (the check
  // of /config.json), which load before the first render all the same.
  const html = readFileSync(path.join(WEB, 'dist/index.html'), 'utf8');
  for (const [, href] of html.matchAll(/<link rel="modulepreload" href="\/([^"]+)">/g)) {
    visit(`dist/${href}`);
  }
  // And the module scripts it runs: the boot script beside the entry.
  for (const [, src] of html.matchAll(/<script type="module"(?: async)? src="\/([^"]+)">/g))
    visit(`dist/${src}`);
  const css = Object.keys(meta.outputs).filter((f) => f.endsWith('.css'));
  const lazy = Object.keys(meta.outputs).filter((f) => f.endsWith('.js') && !js.has(f));
  return { js: [...js], css, lazy };
}

/**
 * The pages the Lighthouse bench audits and the on-demand modules (by source
 * path under src/) the app loads before drawing each: the page's own, and for
 * a signed-in page the API client (src/main.tsx).
 */
const FIRST_RENDER: { route: string; modules: string[] }[] = [
  { route: '/login', modules: ['pages/Login'] },
  { route: '/signup', modules: ['pages/SignUp'] },
  { route: '/mycertifications', modules: ['pages/MyCertifications', 'api/index'] },
  { route: '/account', modules: ['pages/Account', 'api/index'] },
];

/** The files an on-demand module needs beyond the first route's (as the build's chunk table lists them). */
export function onDemandFiles(meta: Metafile, module: string, first: string[]): string[] {
  const entry = Object.entries(meta.outputs).find(
    ([, o]) => o.entryPoint === `src/${module}.tsx` || o.entryPoint === `src/${module}.ts`,
  );
  if (!entry) throw new Error(`no chunk for src/${module} in dist/meta.json`);
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file) || first.includes(file)) return;
    files.add(file);
    for (const i of meta.outputs[file]?.imports ?? []) {
      if (i.kind === 'import-statement') visit(i.path);
    }
  };
  visit(entry[0]);
  return [...files];
}

export function benchWebBundle(): Promise<boolean> {
  const meta = JSON.parse(readFileSync(path.join(WEB, 'dist/meta.json'), 'utf8')) as Metafile;
  const files = firstRouteFiles(meta);
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  const jsFirst = files.js.reduce((sum, f) => sum + gzipSize(f), 0);
  const css = files.css.reduce((sum, f) => sum + gzipSize(f), 0);
  const lazyLargest = Math.max(0, ...files.lazy.map(gzipSize));
  const figures: Figure[] = [
    {
      what: `SPA JS on the first route, gzip (${files.js.length} chunks)`,
      value: kb(jsFirst),
      unit: 'KB',
      budget: BUDGETS.webFirstRouteJsKb,
      kind: 'max',
    },
    { what: 'SPA CSS, gzip', value: kb(css), unit: 'KB', budget: BUDGETS.webCssKb, kind: 'max' },
  ];
  // For information: what the other audited pages load before their first render.
  for (const { route, modules } of FIRST_RENDER) {
    const extra = [...new Set(modules.flatMap((m) => onDemandFiles(meta, m, files.js)))];
    figures.push({
      what: `SPA JS before the first render of ${route}, gzip (first route + ${modules.join(', ')})`,
      value: kb(jsFirst + extra.reduce((sum, f) => sum + gzipSize(f), 0)),
      unit: 'KB',
      kind: 'max',
    });
  }
  const ok = report('Web bundle', figures);
  console.log(
    `\n(${files.lazy.length} lazy chunks load on demand; the largest is ${kb(lazyLargest)} KB gzip)`,
  );
  return Promise.resolve(ok);
}

if (require.main === module) {
  void benchWebBundle().then((ok) => {
    process.exitCode = ok ? 0 : 1;
  });
}
