import {
  DeleteObjectTaggingCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
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

/** The evidence bucket through the AWS SDK; path-style when an endpoint is given (the local emulator). */
export function createS3Storage(setup: AwsSetup, bucket: string): Storage {
  const config = clientConfig(setup, 's3');
  const client = new S3Client({ ...config, forcePathStyle: 'endpoint' in config });
  const Bucket = bucket;

  async function deleteKeys(keys: readonly string[]): Promise<void> {
    // DeleteObjects takes at most 1,000 keys.
    for (let i = 0; i < keys.length; i += 1000) {
      const chunk = keys.slice(i, i + 1000);
      if (chunk.length === 0) continue;
      await client.send(
        new DeleteObjectsCommand({
          Bucket,
          Delete: { Objects: chunk.map((Key) => ({ Key })), Quiet: true },
        }),
      );
    }
  }

  return {
    async presignedPost({ key, contentType, minBytes, maxBytes, expiresSeconds, tags }) {
      // Fields become exact-match conditions of the policy: the browser cannot change them.
      const { url, fields } = await createPresignedPost(client, {
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
    presignedGet(key, { expiresSeconds, filename }) {
      return getSignedUrl(
        client,
        new GetObjectCommand({
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
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
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
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }),
      );
    },
    async untag(key) {
      try {
        await client.send(new DeleteObjectTaggingCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    delete: deleteKeys,
    async deletePrefix(prefix) {
      let deleted = 0;
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
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
