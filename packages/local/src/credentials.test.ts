import {
  chmodSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CREDENTIALS_FILE,
  loadOrCreateCredentials,
  newCredentials,
  readLocalCredentials,
} from './credentials';

describe("the data folder's access key", () => {
  let dir: string;
  const warnings: string[] = [];
  const warn = (line: string) => warnings.push(line);
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'cpe-credentials-'));
    warnings.length = 0;
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is written on first start, readable by its owner only, and the same at every start', () => {
    const first = loadOrCreateCredentials(dir, warn);
    const file = path.join(dir, CREDENTIALS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first);
    expect(first.accessKeyId).toMatch(/^LKIA[A-Z2-7]{16}$/);
    expect(first.secretAccessKey).toMatch(/^[A-Za-z0-9+/]{40}$/);
    expect(loadOrCreateCredentials(dir, warn)).toEqual(first);
    expect(readLocalCredentials(dir)).toEqual(first);
    expect(warnings).toEqual([]);
  });

  it('differs between data folders and between runtimes without one', () => {
    const other = mkdtempSync(path.join(tmpdir(), 'cpe-credentials-'));
    try {
      expect(loadOrCreateCredentials(other, warn)).not.toEqual(loadOrCreateCredentials(dir, warn));
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
    expect(loadOrCreateCredentials(undefined, warn)).not.toEqual(
      loadOrCreateCredentials(undefined, warn),
    );
    expect(newCredentials().secretAccessKey).not.toBe(newCredentials().secretAccessKey);
  });

  it('takes the key back to its owner when the file was left readable by others', () => {
    const first = loadOrCreateCredentials(dir, warn);
    chmodSync(path.join(dir, CREDENTIALS_FILE), 0o644);
    expect(loadOrCreateCredentials(dir, warn)).toEqual(first);
    expect(statSync(path.join(dir, CREDENTIALS_FILE)).mode & 0o777).toBe(0o600);
  });

  it('moves a file that holds no key aside, with a warning, and writes a new key', () => {
    const file = path.join(dir, CREDENTIALS_FILE);
    writeFileSync(file, JSON.stringify({ accessKeyId: 'local', secretAccessKey: 'local' }));
    const created = loadOrCreateCredentials(dir, warn);
    expect(created.accessKeyId).not.toBe('local');
    expect(warnings).toEqual([expect.stringContaining(file)]);
    expect(readdirSync(dir).some((name) => name.startsWith(`${CREDENTIALS_FILE}.corrupt-`))).toBe(
      true,
    );
    expect(readLocalCredentials(dir)).toEqual(created);
  });

  it('tells a tool how to get a key when the runtime never started on the folder', () => {
    expect(() => readLocalCredentials(dir)).toThrow(
      /aws-credentials\.json could not be read .*start the local runtime once/,
    );
  });
});
