/**
 * The Lambda bundles the stack ships (packages/api/scripts/bundle.mjs, built
 * by the project's global setup). Sizes are printed against the 1 MB budget
 * (docs/performance.md: measured and printed, not asserted); the layout the
 * stack relies on is asserted.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { API_DIST, HANDLER_MODULES, REPO_ROOT } from '../lib/assets';

const BUDGET = 1024 * 1024;

/** A bundle's esbuild metafile: its inputs, and each output file with the inputs it holds. */
function metaOf(module: string) {
  return JSON.parse(readFileSync(path.join(API_DIST, module, 'meta.json'), 'utf8')) as {
    inputs: Record<string, unknown>;
    outputs: Record<string, { bytes: number; inputs: Record<string, unknown> }>;
  };
}

describe('the api bundles', () => {
  it('has one directory per handler module: index.js and its metafile', () => {
    expect(HANDLER_MODULES).toEqual(expect.arrayContaining(['migrate', 'post-confirmation']));
    const sizes: string[] = [];
    for (const module of HANDLER_MODULES) {
      const file = path.join(API_DIST, module, 'index.js');
      const { size } = statSync(file);
      expect(Object.values(metaOf(module).outputs).map((o) => o.bytes)).toContain(size);
      sizes.push(
        `${module.padEnd(18)} ${(size / 1024).toFixed(1).padStart(6)} KB${size > BUDGET ? '  over the 1 MB budget' : ''}`,
      );
    }
    console.log(`Lambda bundles (minified):\n${sizes.join('\n')}`);
  });

  it('are CommonJS modules exporting handler', () => {
    for (const module of HANDLER_MODULES) {
      const source = readFileSync(path.join(API_DIST, module, 'index.js'), 'utf8');
      expect(source).toMatch(/module\.exports/);
      expect(source).not.toMatch(/^import /m);
    }
  });

  it('reaches the Data API and Secrets Manager through their SDK clients (decision 091), bundled', () => {
    const inputsOf = (module: string) => Object.keys(metaOf(module).inputs);
    for (const module of HANDLER_MODULES) {
      const source = readFileSync(path.join(API_DIST, module, 'index.js'), 'utf8');
      expect(source).not.toMatch(/require\("@(aws-sdk|smithy)\//);
    }
    expect(inputsOf('health').some((i) => i.includes('@aws-sdk/client-rds-data/'))).toBe(true);
    expect(inputsOf('reminders').some((i) => i.includes('@aws-sdk/client-secrets-manager/'))).toBe(
      true,
    );
    expect(inputsOf('catalogue').some((i) => i.includes('@aws-sdk/client-'))).toBe(false);
    // The S3 client is bundled into its lazily loaded file, not taken from the runtime.
    expect(inputsOf('files').some((i) => i.includes('@aws-sdk/client-s3'))).toBe(true);
  });

  it('loads the SDK clients used on one path from files of their own, which carry none of the app error classes', () => {
    const lazyInputs = (module: string) =>
      Object.entries(metaOf(module).outputs)
        .filter(([file]) => !file.endsWith('/index.js'))
        .map(([file, output]) => ({
          file: path.basename(file),
          inputs: Object.keys(output.inputs),
        }));
    const lazyFiles = HANDLER_MODULES.flatMap((module) =>
      lazyInputs(module).map((lazy) => ({ module, ...lazy })),
    );
    // A lazy file is bundled with all it imports: a second copy of errors.ts would make
    // http/respond.ts's instanceof miss its failures (a 500 instead of 503 or 504).
    const withAppErrors = lazyFiles
      .filter((lazy) => lazy.inputs.some((input) => input.endsWith('packages/api/src/errors.ts')))
      .map((lazy) => `${lazy.module}/${lazy.file}`);
    expect(withAppErrors).toEqual([]);
    const files = (module: string) =>
      lazyFiles.filter((l) => l.module === module).map((l) => l.file);
    expect(files('files')).toContain('s3-sdk.js');
    expect(files('account')).toEqual(expect.arrayContaining(['s3-sdk.js', 'cognito-sdk.js']));
    expect(files('contact')).toContain('ses-sdk.js');
  });

  it('ships the migrations with the migrate handler', () => {
    const sql = (dir: string) =>
      readdirSync(dir)
        .filter((f) => f.endsWith('.sql'))
        .sort();
    const source = path.join(REPO_ROOT, 'packages/api/migrations');
    const shipped = path.join(API_DIST, 'migrate', 'migrations');
    expect(sql(shipped)).toEqual(sql(source));
    expect(sql(shipped).length).toBeGreaterThan(0);
    for (const file of sql(source)) {
      expect(readFileSync(path.join(shipped, file), 'utf8')).toBe(
        readFileSync(path.join(source, file), 'utf8'),
      );
    }
  });
});
