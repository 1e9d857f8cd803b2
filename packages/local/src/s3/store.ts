/**
 * Objects and their metadata, in memory or under `<dataDir>/s3/<bucket>/`.
 *
 * On disk an object is two files named by the SHA-256 of its key (keys may
 * hold any character, so they never become paths): `<id>.<nonce>.data` with
 * the bytes, and `<id>.json` with the metadata and the name of its data file.
 * A write puts the bytes in a new data file, then renames a complete
 * metadata file over the old one: that rename is the commit, so a crash
 * leaves either the old object or the new one, never half of either. Data
 * files no metadata names (an interrupted write or delete) are removed at
 * start; a metadata file that does not read back is moved aside with a
 * warning, and the emulator starts without that object.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { ChecksumAlgorithm } from './payload';

export interface ObjectMeta {
  key: string;
  size: number;
  /** MD5 of the bytes in hex, in double quotes, as S3 writes it. */
  etag: string;
  /** ISO 8601, whole seconds: S3 keeps no finer time. */
  lastModified: string;
  contentType: string;
  /** Stored REST headers (cache-control, content-disposition, ...), lower-case names. */
  headers: ReadonlyArray<readonly [string, string]>;
  /** User metadata: names without `x-amz-meta-`, lower-case. */
  metadata: ReadonlyArray<readonly [string, string]>;
  /** Checksums the uploader sent and S3 verified, base64. */
  checksums: ReadonlyArray<readonly [ChecksumAlgorithm, string]>;
  /** The object's tags (PostObject's `tagging` field), key and value; absent means none. */
  tags?: ReadonlyArray<readonly [string, string]>;
}

export interface StoredObject {
  meta: ObjectMeta;
  body: Buffer;
}

export interface ObjectStore {
  hasBucket(bucket: string): boolean;
  head(bucket: string, key: string): ObjectMeta | undefined;
  get(bucket: string, key: string): StoredObject | undefined;
  put(bucket: string, meta: ObjectMeta, body: Buffer): void;
  /** True when something was deleted. */
  delete(bucket: string, key: string): boolean;
  /** Every object of the bucket, ordered by the UTF-8 bytes of its key as S3 lists them. */
  list(bucket: string): readonly ObjectMeta[];
}

const pair = z.tuple([z.string(), z.string()]);
const StoredMeta = z.object({
  version: z.literal(1),
  key: z.string().min(1),
  size: z.number().int().nonnegative(),
  etag: z.string().regex(/^"[0-9a-f]{32}"$/),
  lastModified: z.string().datetime(),
  contentType: z.string(),
  headers: z.array(pair),
  metadata: z.array(pair),
  checksums: z.array(
    z.tuple([z.enum(['crc32', 'sha1', 'sha256', 'crc32c', 'crc64nvme']), z.string()]),
  ),
  data: z.string().regex(/^[0-9a-f]{64}\.[0-9a-f-]{36}\.data$/),
  tags: z.optional(z.array(pair)),
});
type StoredMeta = z.infer<typeof StoredMeta>;

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

const idOf = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

const byUtf8 = (a: ObjectMeta, b: ObjectMeta) =>
  Buffer.compare(Buffer.from(a.key, 'utf8'), Buffer.from(b.key, 'utf8'));

/** Writes, flushes and only then names a file, so a reader never sees part of it. */
function writeDurably(file: string, content: Buffer | string): void {
  const temporary = `${file}.${randomUUID()}.tmp`;
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
}

function unlinkIfPresent(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

interface Entry {
  meta: ObjectMeta;
  /** The bytes in memory, or the data file's name on disk. */
  body: Buffer | string;
}

class Bucket {
  private readonly entries = new Map<string, Entry>();
  private sorted: ObjectMeta[] | undefined;

  constructor(
    private readonly directory: string | undefined,
    private readonly warn: (line: string) => void,
  ) {
    if (directory !== undefined) this.load(directory);
  }

  head(key: string): ObjectMeta | undefined {
    return this.entries.get(key)?.meta;
  }

  get(key: string): StoredObject | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (typeof entry.body !== 'string') return { meta: entry.meta, body: entry.body };
    return { meta: entry.meta, body: readFileSync(join(this.directory ?? '', entry.body)) };
  }

  put(meta: ObjectMeta, body: Buffer): void {
    const previous = this.entries.get(meta.key);
    if (this.directory === undefined) {
      this.entries.set(meta.key, { meta, body: Buffer.from(body) });
    } else {
      const id = idOf(meta.key);
      const data = `${id}.${randomUUID()}.data`;
      writeDurably(join(this.directory, data), body);
      const { tags, ...plain } = meta;
      const stored: StoredMeta = {
        version: 1,
        ...plain,
        headers: meta.headers.map(([name, value]) => [name, value]),
        metadata: meta.metadata.map(([name, value]) => [name, value]),
        checksums: meta.checksums.map(([algorithm, value]) => [algorithm, value]),
        ...(tags ? { tags: tags.map(([name, value]) => [name, value]) } : {}),
        data,
      };
      writeDurably(join(this.directory, `${id}.json`), JSON.stringify(stored));
      this.entries.set(meta.key, { meta, body: data });
      if (previous && typeof previous.body === 'string')
        unlinkIfPresent(join(this.directory, previous.body));
    }
    this.sorted = undefined;
  }

  delete(key: string): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    if (this.directory !== undefined && typeof entry.body === 'string') {
      // The metadata goes first: once it is gone the object is gone, whatever happens next.
      unlinkIfPresent(join(this.directory, `${idOf(key)}.json`));
      unlinkIfPresent(join(this.directory, entry.body));
    }
    this.entries.delete(key);
    this.sorted = undefined;
    return true;
  }

  list(): readonly ObjectMeta[] {
    this.sorted ??= [...this.entries.values()].map((entry) => entry.meta).sort(byUtf8);
    return this.sorted;
  }

  private load(directory: string): void {
    mkdirSync(directory, { recursive: true });
    const names = readdirSync(directory);
    const referenced = new Set<string>();
    const quarantined = new Set<string>();
    for (const name of names) {
      if (name.endsWith('.tmp')) unlinkIfPresent(join(directory, name));
    }
    for (const name of names) {
      const match = /^([0-9a-f]{64})\.json$/.exec(name);
      if (!match?.[1]) continue;
      const id = match[1];
      const stored = this.readMeta(directory, name, id);
      if (stored === undefined) {
        quarantined.add(id);
        continue;
      }
      const { version: _version, data, ...meta } = stored;
      referenced.add(data);
      this.entries.set(meta.key, { meta, body: data });
    }
    for (const name of names) {
      if (!name.endsWith('.data') || referenced.has(name)) continue;
      // A quarantined object's bytes stay for whoever repairs its metadata.
      if (quarantined.has(name.slice(0, 64))) continue;
      unlinkIfPresent(join(directory, name));
    }
  }

  /** The metadata file's content if it is whole and its data file matches it; otherwise moved aside. */
  private readMeta(directory: string, name: string, id: string): StoredMeta | undefined {
    const file = join(directory, name);
    let problem: string;
    try {
      const parsed = StoredMeta.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (!parsed.success) problem = 'it is not object metadata this emulator wrote';
      else if (idOf(parsed.data.key) !== id) problem = 'it names a key stored under another name';
      else if (
        statSync(join(directory, parsed.data.data), { throwIfNoEntry: false })?.size !==
        parsed.data.size
      )
        problem = 'its data file is missing or of the wrong size';
      else return parsed.data;
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
    const aside = `${file}.corrupt-${Date.now()}`;
    renameSync(file, aside);
    this.warn(
      `s3: moved unreadable object metadata ${file} to ${aside} (${problem}); starting without that object`,
    );
    return undefined;
  }
}

export function createObjectStore(options: {
  /** `<dataDir>/s3`; undefined keeps everything in memory. */
  directory: string | undefined;
  buckets: readonly string[];
  warn: (line: string) => void;
}): ObjectStore {
  const buckets = new Map<string, Bucket>();
  for (const name of options.buckets) {
    if (!BUCKET_NAME.test(name)) throw new Error(`s3: ${name} is not a valid S3 bucket name`);
    const directory = options.directory === undefined ? undefined : join(options.directory, name);
    buckets.set(name, new Bucket(directory, options.warn));
  }
  const bucket = (name: string) => {
    const found = buckets.get(name);
    if (!found) throw new Error(`s3: no bucket ${name}`);
    return found;
  };
  return {
    hasBucket: (name) => buckets.has(name),
    head: (name, key) => bucket(name).head(key),
    get: (name, key) => bucket(name).get(key),
    put: (name, meta, body) => bucket(name).put(meta, body),
    delete: (name, key) => bucket(name).delete(key),
    list: (name) => bucket(name).list(),
  };
}
