import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newObjectMeta } from './objects';
import { createObjectStore, type ObjectStore } from './store';

const BUCKET = 'evidence';
const idOf = (key: string) => createHash('sha256').update(key).digest('hex');

function meta(key: string, body: string) {
  return newObjectMeta({
    key,
    bytes: Buffer.from(body),
    contentType: 'text/plain',
    headers: [],
    metadata: [['owner', 'u1']],
    checksums: [],
    now: new Date('2026-03-01T12:00:00.750Z'),
  });
}

describe('object store', () => {
  let root: string;
  let warnings: string[];
  const dir = () => join(root, BUCKET);
  const open = (): ObjectStore =>
    createObjectStore({ directory: root, buckets: [BUCKET], warn: (line) => warnings.push(line) });
  const put = (store: ObjectStore, key: string, body: string) =>
    store.put(BUCKET, meta(key, body), Buffer.from(body));

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'cpe-s3-store-'));
    warnings = [];
  });

  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('keeps whole seconds, the MD5 ETag and user metadata', () => {
    const store = open();
    put(store, 'a', 'hello');

    expect(open().head(BUCKET, 'a')).toEqual({
      key: 'a',
      size: 5,
      etag: '"5d41402abc4b2a76b9719d911017c592"',
      lastModified: '2026-03-01T12:00:00.000Z',
      contentType: 'text/plain',
      headers: [],
      metadata: [['owner', 'u1']],
      checksums: [],
    });
  });

  it('after a write interrupted before its commit, the previous object is intact and the debris is gone', () => {
    put(open(), 'a', 'old');
    const committed = readdirSync(dir()).sort();
    // What a crash mid-overwrite leaves: the new bytes written, the new metadata half-written.
    writeFileSync(join(dir(), `${idOf('a')}.${randomUUID()}.data`), 'new');
    writeFileSync(join(dir(), `${idOf('a')}.json.${randomUUID()}.tmp`), '{"version":1,"ke');

    const store = open();

    expect(store.get(BUCKET, 'a')?.body.toString()).toBe('old');
    expect(readdirSync(dir()).sort()).toEqual(committed);
    expect(warnings).toEqual([]);
  });

  it('metadata whose data file is missing or of another size is moved aside, not served', () => {
    const first = open();
    put(first, 'gone', 'bytes');
    put(first, 'short', 'bytes');
    put(first, 'fine', 'bytes');
    const dataOf = (key: string) =>
      readdirSync(dir()).find((n) => n.startsWith(idOf(key)) && n.endsWith('.data'))!;
    rmSync(join(dir(), dataOf('gone')));
    writeFileSync(join(dir(), dataOf('short')), 'byt');

    const store = open();

    expect(store.list(BUCKET).map((m) => m.key)).toEqual(['fine']);
    expect(warnings).toHaveLength(2);
    expect(warnings.join('\n')).toContain(join(dir(), `${idOf('gone')}.json`));
    // The bytes of a quarantined object stay for whoever repairs it.
    expect(readFileSync(join(dir(), dataOf('short')), 'utf8')).toBe('byt');
  });

  it('metadata naming a key that is not its own is moved aside', () => {
    put(open(), 'a', 'x');
    const file = join(dir(), `${idOf('a')}.json`);
    writeFileSync(file, readFileSync(file, 'utf8').replace('"key":"a"', '"key":"b"'));

    const store = open();

    expect(store.head(BUCKET, 'a')).toBeUndefined();
    expect(store.head(BUCKET, 'b')).toBeUndefined();
    expect(warnings[0]).toContain('another name');
  });

  it('lists keys in UTF-8 byte order, as S3 does, not UTF-16 order', () => {
    const store = createObjectStore({ directory: undefined, buckets: [BUCKET], warn: () => {} });
    for (const key of ['\u{1F600}', '\uFFFF', 'z', 'A']) put(store, key, key);

    expect(store.list(BUCKET).map((m) => m.key)).toEqual(['A', 'z', '\uFFFF', '\u{1F600}']);
  });

  it('refuses a bucket name S3 would not accept', () => {
    expect(() =>
      createObjectStore({ directory: undefined, buckets: ['../etc'], warn: () => {} }),
    ).toThrow('not a valid S3 bucket name');
  });
});
