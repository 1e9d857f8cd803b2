/**
 * The evidence bucket through the AWS SDK. The S3 client and its presigners
 * (about 200 KB minified, more than half a bundle) load on the first call
 * (s3-sdk.ts): most requests of the functions that hold a Storage never touch
 * the bucket, and a cold start does not pay for them.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import type * as S3Sdk from './s3-sdk';
import { reportingFailures } from './failures';
import { type AwsSetup, clientConfig } from './setup';
import type { Storage } from './storage';

function isNotFound(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotFound' || error.name === 'NoSuchKey');
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** PostObject's `tagging` field: S3's Tagging document. */
function taggingXml(tags: Readonly<Record<string, string>>): string {
  const body = Object.entries(tags)
    .map(([k, v]) => `<Tag><Key>${escapeXml(k)}</Key><Value>${escapeXml(v)}</Value></Tag>`)
    .join('');
  return `<Tagging><TagSet>${body}</TagSet></Tagging>`;
}

type Sdk = typeof S3Sdk;

/** The evidence bucket; path-style when an endpoint is given (the local emulator). */
export function createS3Storage(setup: AwsSetup, bucket: string): Storage {
  let loaded: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  const load = () =>
    (loaded ??= import('./s3-sdk').then((sdk) => {
      const config = clientConfig(setup, 's3');
      const client = reportingFailures(
        new sdk.S3Client({ ...config, forcePathStyle: 'endpoint' in config }),
        's3',
      );
      return { sdk, client };
    }));
  const Bucket = bucket;

  async function deleteKeys(keys: readonly string[]): Promise<void> {
    const { sdk, client } = await load();
    // DeleteObjects takes at most 1,000 keys.
    for (let i = 0; i < keys.length; i += 1000) {
      const chunk = keys.slice(i, i + 1000);
      if (chunk.length === 0) continue;
      const out = await client.send(
        new sdk.DeleteObjectsCommand({
          Bucket,
          Delete: { Objects: chunk.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      // S3 answers 200 and names the keys it could not delete: the caller must not go on as if it had.
      const failed = out.Errors ?? [];
      if (failed.length > 0) {
        const first = failed[0];
        throw new Error(
          `S3 could not delete ${failed.length} of ${chunk.length} objects (first: ${first?.Key ?? '?'}: ${first?.Code ?? '?'} ${first?.Message ?? ''})`.trim(),
        );
      }
    }
  }

  return {
    async presignedPost({ key, contentType, minBytes, maxBytes, expiresSeconds, tags }) {
      const { sdk, client } = await load();
      // Fields become exact-match conditions of the policy: the browser cannot change them.
      const { url, fields } = await sdk.createPresignedPost(client, {
        Bucket,
        Key: key,
        Conditions: [
          ['content-length-range', minBytes, maxBytes],
          ['eq', '$Content-Type', contentType],
        ],
        Fields: {
          'Content-Type': contentType,
          ...(tags && Object.keys(tags).length > 0 ? { tagging: taggingXml(tags) } : {}),
        },
        Expires: expiresSeconds,
      });
      return { url, fields };
    },
    async presignedGet(key, { expiresSeconds, filename }) {
      const { sdk, client } = await load();
      return sdk.getSignedUrl(
        client,
        new sdk.GetObjectCommand({
          Bucket,
          Key: key,
          ...(filename
            ? {
                ResponseContentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`,
              }
            : {}),
        }),
        { expiresIn: expiresSeconds },
      );
    },
    async head(key) {
      const { sdk, client } = await load();
      try {
        const out = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
        return {
          size: out.ContentLength ?? 0,
          contentType: out.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    async get(key) {
      const { sdk, client } = await load();
      try {
        const out = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        return out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    async put(key, body, contentType) {
      const { sdk, client } = await load();
      await client.send(
        new sdk.PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }),
      );
    },
    delete: deleteKeys,
    async deletePrefix(prefix) {
      const { sdk, client } = await load();
      let deleted = 0;
      let token: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
        );
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
        await deleteKeys(keys);
        deleted += keys.length;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return deleted;
    },
  };
}
