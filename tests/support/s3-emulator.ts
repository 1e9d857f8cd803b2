/**
 * An S3 emulator served on a loopback port at /_aws/s3, as the runtime
 * mounts it, with a manual clock, and the SDK client and browser-style
 * POST helpers the S3 suites drive it with.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost, type PresignedPost } from '@aws-sdk/s3-presigned-post';
import { ManualClock } from '@cpe/local/clock';
import { createS3Emulator, type S3Emulator, type S3EmulatorOptions } from '@cpe/local/s3';
import { parseXml } from '@cpe/local/s3';
import { serve, type Served } from './serve';

export const S3_REGION = 'ap-southeast-2';
export const S3_BUCKET = 'cpe-evidence-local';
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

export interface S3Harness {
  emulator: S3Emulator;
  url: string;
  clock: ManualClock;
  /** The client every test uses: the local key, path-style, one attempt. */
  client: S3Client;
  /** A client with other credentials, for signature failures. */
  clientWith(credentials: { accessKeyId: string; secretAccessKey: string }): S3Client;
  /** Stops serving; the data directory, if any, stays for a restart. */
  close(): Promise<void>;
}

export async function startS3(
  options: Partial<Pick<S3EmulatorOptions, 'dataDir' | 'maxObjectBytes' | 'log' | 'cors'>> & {
    clock?: ManualClock;
  } = {},
): Promise<S3Harness> {
  const clock = options.clock ?? new ManualClock(new Date());
  const emulator = createS3Emulator({
    region: S3_REGION,
    buckets: [S3_BUCKET],
    credentials: { [LOCAL_CREDENTIALS.accessKeyId]: LOCAL_CREDENTIALS.secretAccessKey },
    clock,
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
    ...(options.maxObjectBytes === undefined ? {} : { maxObjectBytes: options.maxObjectBytes }),
    ...(options.log === undefined ? {} : { log: options.log }),
    ...(options.cors === undefined ? {} : { cors: options.cors }),
  });
  const served: Served = await serve(emulator.handle, '/_aws/s3');
  const clients: S3Client[] = [];
  const clientWith = (credentials: { accessKeyId: string; secretAccessKey: string }) => {
    const client = new S3Client({
      region: S3_REGION,
      endpoint: served.url,
      forcePathStyle: true,
      credentials,
      // One attempt: each test asserts exactly what a call answers.
      maxAttempts: 1,
    });
    clients.push(client);
    return client;
  };
  const client = clientWith(LOCAL_CREDENTIALS);
  return {
    emulator,
    url: served.url,
    clock,
    client,
    clientWith,
    async close() {
      for (const c of clients) c.destroy();
      await served.close();
      await emulator.close();
    },
  };
}

export async function temporaryDirectory(): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'cpe-s3-'));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

export type SdkError = Error & {
  $fault?: string;
  $metadata: { httpStatusCode?: number; requestId?: string };
  [member: string]: unknown;
};

/** The SDK error a call rejects with. */
export async function failureOf(promise: Promise<unknown>): Promise<SdkError> {
  try {
    await promise;
  } catch (error) {
    return error as SdkError;
  }
  throw new Error('expected the call to fail');
}

export interface S3ErrorDocument {
  status: number;
  code: string;
  message: string;
  /** Every other element of <Error>, by name. */
  details: Map<string, string>;
}

/** Reads S3's `<Error>` document from a raw HTTP answer. */
export async function errorDocumentOf(response: Response): Promise<S3ErrorDocument> {
  const parsed = parseXml(Buffer.from(await response.arrayBuffer())) as {
    Error?: Record<string, string>;
  };
  const error = parsed?.Error;
  if (!error) throw new Error(`expected an S3 error document, got status ${response.status}`);
  const { Code = '', Message = '', ...rest } = error;
  return {
    status: response.status,
    code: Code,
    message: Message,
    details: new Map(Object.entries(rest)),
  };
}

/** A presigned POST for one key, as the API hands it to the browser. */
export function presignPost(
  client: S3Client,
  input: {
    key: string;
    contentType: string;
    minBytes?: number;
    maxBytes?: number;
    expiresSeconds?: number;
    extraConditions?: PresignedPostConditions;
    extraFields?: Record<string, string>;
  },
): Promise<PresignedPost> {
  return createPresignedPost(client, {
    Bucket: S3_BUCKET,
    Key: input.key,
    Conditions: [
      ['content-length-range', input.minBytes ?? 1, input.maxBytes ?? 10 * 1024 * 1024],
      ['eq', '$Content-Type', input.contentType],
      ...(input.extraConditions ?? []),
    ],
    Fields: { 'Content-Type': input.contentType, ...input.extraFields },
    Expires: input.expiresSeconds ?? 300,
  });
}

type PresignedPostConditions = Parameters<typeof createPresignedPost>[1]['Conditions'] & unknown[];

/** Uploads as a browser form does: the fields in order, then the file last. */
export function postForm(
  url: string,
  fields: ReadonlyArray<readonly [string, string]> | Record<string, string>,
  file: { bytes: Uint8Array; filename?: string; type?: string },
): Promise<Response> {
  const form = new FormData();
  const inOrder = (f: typeof fields): f is ReadonlyArray<readonly [string, string]> =>
    Array.isArray(f);
  for (const [name, value] of inOrder(fields) ? fields : Object.entries(fields))
    form.append(name, value);
  form.append(
    'file',
    new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
    file.filename ?? 'upload.bin',
  );
  return fetch(url, { method: 'POST', body: form });
}
