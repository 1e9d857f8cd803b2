/**
 * The code a Lambda container loads: worker.ts and every handler module it
 * can reach, bundled by esbuild as the api package's Lambda bundles are. A
 * worker thread has none of the parent's loaders (Jest's transform,
 * `--import tsx`), and on Node 20 the ESM hooks that would let it import
 * TypeScript do not reach worker threads; a bundle needs neither, and loads
 * faster than compiling sources file by file at every cold start.
 *
 * ES modules with code splitting: each handler module, SDK client and lazy
 * library is a chunk of its own, loaded when the container first imports it,
 * so a container loads what its function uses, not every function's code.
 *
 * Built once and reused while no input changed (esbuild's metafile lists
 * them; their modification times are compared with the build's), so a start
 * with unchanged sources costs a few hundred stat calls.
 */
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const PACKAGE_ROOT = path.resolve(__dirname, '../..');
const REPO_ROOT = path.resolve(PACKAGE_ROOT, '../..');
const CACHE = path.join(PACKAGE_ROOT, 'node_modules/.cache/lambda');
/** Names the current build: `{ dir, inputs }`, replaced atomically after each build. */
const CURRENT = path.join(CACHE, 'current.json');
/** Builds other than the current one are removed once this old (a process may still load them). */
const STALE_MS = 60 * 60 * 1000;

/** CommonJS dependencies bundled into ES modules still call require() and read __dirname. */
const BANNER = [
  "import { createRequire as __cpeCreateRequire } from 'node:module';",
  "import { fileURLToPath as __cpeFileURLToPath } from 'node:url';",
  "import { dirname as __cpeDirname } from 'node:path';",
  'const require = __cpeCreateRequire(import.meta.url);',
  'const __filename = __cpeFileURLToPath(import.meta.url);',
  'const __dirname = __cpeDirname(__filename);',
].join('\n');

interface Current {
  dir: string;
  inputs: string[];
}

function current(): Current | undefined {
  try {
    return JSON.parse(readFileSync(CURRENT, 'utf8')) as Current;
  } catch {
    return undefined; // none yet, or unreadable: build
  }
}

function isFresh(build: Current): boolean {
  const entry = path.join(CACHE, build.dir, 'worker.mjs');
  if (!existsSync(entry)) return false;
  const built = statSync(entry).mtimeMs;
  return build.inputs.every((input) => {
    const stat = statSync(path.join(REPO_ROOT, input), { throwIfNoEntry: false });
    return stat !== undefined && stat.mtimeMs <= built;
  });
}

function removeStale(keep: string) {
  for (const dir of readdirSync(CACHE)) {
    if (dir === keep || !dir.startsWith('build-')) continue;
    const at = path.join(CACHE, dir);
    if (Date.now() - statSync(at).mtimeMs > STALE_MS) rmSync(at, { recursive: true, force: true });
  }
}

async function rebuild(): Promise<Current> {
  mkdirSync(CACHE, { recursive: true });
  // Several processes (Jest's workers) may build at once: each builds into a
  // directory of its own and then names it current, so none loads half a build.
  const dir = `build-${process.pid}-${Date.now()}`;
  const result = await build({
    entryPoints: { worker: path.join(__dirname, 'worker.ts') },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir: path.join(CACHE, dir),
    outExtension: { '.js': '.mjs' },
    banner: { js: BANNER },
    metafile: true,
    absWorkingDir: REPO_ROOT,
    logLevel: 'error',
  });
  const made: Current = { dir, inputs: Object.keys(result.metafile.inputs) };
  const pending = path.join(CACHE, `current-${process.pid}-${Date.now()}.json`);
  writeFileSync(pending, JSON.stringify(made));
  renameSync(pending, CURRENT);
  removeStale(dir);
  return made;
}

let ready: Promise<string> | undefined;

/** The container's entry file, built first when a source changed since the last build. */
export function containerBundle(): Promise<string> {
  ready ??= (async () => {
    const found = current();
    const usable = found && isFresh(found) ? found : await rebuild();
    return path.join(CACHE, usable.dir, 'worker.mjs');
  })();
  // A failed build is tried again by the next caller.
  ready.catch(() => {
    ready = undefined;
  });
  return ready;
}
