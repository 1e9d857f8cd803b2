/**
 * The S3 client and its presigners: what s3.ts loads on its first call. The
 * Lambda bundler makes a dynamically imported module a file of its own with
 * everything it imports, so this module holds only the SDK: the app's own
 * modules (its error classes above all, which http/respond.ts tells apart
 * with instanceof) stay single, in index.js.
 */
export {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
export { createPresignedPost } from '@aws-sdk/s3-presigned-post';
export { getSignedUrl } from '@aws-sdk/s3-request-presigner';
