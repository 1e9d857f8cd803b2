/**
 * The skip rule of the web build and the api bundle: a dist is reused only
 * when every input is byte for byte what it was built from, and it still
 * holds its outputs.
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { builtFrom, inputsHash } from './build-inputs.mjs';

describe('build inputs', () => {
  let repo: string;
  let inputs: { dirs: string[]; files: string[] };
  const hash = () => inputsHash(repo, inputs);

  beforeEach(() => {
    repo = mkdtempSync(path.join(tmpdir(), 'cpe-inputs-'));
    mkdirSync(path.join(repo, 'src/deep'), { recursive: true });
    writeFileSync(path.join(repo, 'src/a.ts'), 'export const a = 1;\n');
    writeFileSync(path.join(repo, 'src/deep/b.ts'), 'export const b = 2;\n');
    writeFileSync(path.join(repo, 'pnpm-lock.yaml'), 'lockfileVersion: 9\n');
    inputs = {
      dirs: [path.join(repo, 'src')],
      files: [path.join(repo, 'pnpm-lock.yaml'), path.join(repo, 'absent.json')],
    };
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  it('is the same for the same files, and changes with a byte, a new file, a rename or the lockfile', () => {
    const before = hash();
    expect(hash()).toBe(before);

    writeFileSync(path.join(repo, 'src/deep/b.ts'), 'export const b = 3;\n');
    const edited = hash();
    expect(edited).not.toBe(before);

    writeFileSync(path.join(repo, 'src/deep/c.ts'), '');
    const added = hash();
    expect(added).not.toBe(edited);

    renameSync(path.join(repo, 'src/deep/c.ts'), path.join(repo, 'src/deep/d.ts'));
    const renamed = hash();
    expect(renamed).not.toBe(added);

    writeFileSync(path.join(repo, 'pnpm-lock.yaml'), 'lockfileVersion: 10\n');
    expect(hash()).not.toBe(renamed);
  });

  it('reuses a dist only with the recorded hash and every output present', () => {
    const dist = path.join(repo, 'dist');
    mkdirSync(path.join(dist, 'health'), { recursive: true });
    const outputs = ['health/index.js'];
    expect(builtFrom(dist, hash(), outputs)).toBe(false);

    writeFileSync(path.join(dist, '.build-hash'), `${hash()}\n`);
    expect(builtFrom(dist, hash(), outputs)).toBe(false);

    writeFileSync(path.join(dist, 'health/index.js'), 'exports.handler = 1;');
    expect(builtFrom(dist, hash(), outputs)).toBe(true);

    writeFileSync(path.join(repo, 'src/a.ts'), 'export const a = 2;\n');
    expect(builtFrom(dist, hash(), outputs)).toBe(false);
  });
});
