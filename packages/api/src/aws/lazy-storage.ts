/**
 * A Storage that loads the S3 client on its first call. The activities
 * function touches the evidence bucket only when a deleted activity had
 * files; the bundler makes s3.ts a file of its own, so other requests and
 * cold starts do not pay for the S3 client and its presigners.
 */
import type { AwsSetup } from './setup';
import type { Storage } from './storage';

export function createLazyS3Storage(setup: AwsSetup, bucket: string): Storage {
  let storage: Promise<Storage> | undefined;
  const load = () =>
    (storage ??= import('./s3').then(({ createS3Storage }) => createS3Storage(setup, bucket)));
  return {
    presignedPost: async (input) => (await load()).presignedPost(input),
    presignedGet: async (key, options) => (await load()).presignedGet(key, options),
    head: async (key) => (await load()).head(key),
    get: async (key) => (await load()).get(key),
    put: async (key, body, contentType) => (await load()).put(key, body, contentType),
    delete: async (keys) => (await load()).delete(keys),
    deletePrefix: async (prefix) => (await load()).deletePrefix(prefix),
    untag: async (key) => (await load()).untag(key),
  };
}
