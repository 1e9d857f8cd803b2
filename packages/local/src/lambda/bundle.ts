/**
 * The code a Lambda container loads: worker.ts and every handler module it
 * can reach, bundled by esbuild into one CommonJS file, as the api package's
 * Lambda bundles are. A worker thread has none of the parent's loaders (Jest's
 * transform, `--import tsx`), and on Node 20 the ESM hooks that would let it
 * import TypeScript do not reach worker threads; a bundle needs neither, and
 * loads faster than compiling sources file by file at every cold start.
 *
 * Built once and reused while no input changed (esbuild's metafile lists
 * them; their modification times are compared with the bundle's), so a start
 * with unchanged sources costs a few hundred stat calls.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const PACKAGE_ROOT = path.resolve(__dirname, '../..');
const REPO_ROOT = path.resolve(PACKAGE_ROOT, '../..');
const OUT_DIR = path.join(PACKAGE_ROOT, 'node_modules/.cache/lambda');
const BUNDLE = path.join(OUT_DIR, 'container.cjs');
const INPUTS = path.join(OUT_DIR, 'inputs.json');

function isFresh(): boolean {
  if (!existsSync(BUNDLE) || !existsSync(INPUTS)) return false;
  const built = statSync(BUNDLE).mtimeMs;
  try {
    const inputs = JSON.parse(readFileSync(INPUTS, 'utf8')) as string[];
    return inputs.every((input) => {
      const stat = statSync(path.join(REPO_ROOT, input), { throwIfNoEntry: false });
      return stat !== undefined && stat.mtimeMs <= built;
    });
  } catch {
    return false; // an unreadable record: build again
  }
}

async function rebuild(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  // Several processes (Jest's workers) may build at once: each writes its own
  // file and renames it into place, so a reader never sees half a bundle.
  const unique = `${process.pid}-${Date.now()}`;
  const outfile = path.join(OUT_DIR, `container-${unique}.cjs`);
  const result = await build({
    entryPoints: [path.join(__dirname, 'worker.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile,
    metafile: true,
    absWorkingDir: REPO_ROOT,
    logLevel: 'error',
  });
  const inputs = Object.keys(result.metafile.inputs);
  const inputsFile = path.join(OUT_DIR, `inputs-${unique}.json`);
  writeFileSync(inputsFile, JSON.stringify(inputs));
  renameSync(inputsFile, INPUTS);
  renameSync(outfile, BUNDLE);
}

let ready: Promise<string> | undefined;

/** The bundle's path, built first when a source changed since the last build. */
export function containerBundle(): Promise<string> {
  ready ??= (async () => {
    if (!isFresh()) await rebuild();
    return BUNDLE;
  })();
  // A failed build is tried again by the next caller.
  ready.catch(() => {
    ready = undefined;
  });
  return ready;
}
