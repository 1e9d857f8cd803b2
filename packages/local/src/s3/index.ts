export {
  createS3Emulator,
  DEFAULT_MAX_OBJECT_BYTES,
  type S3Calls,
  type S3Emulator,
  type S3EmulatorOptions,
} from './emulator';
export { S3Error, type S3ErrorCode } from './errors';
export type { CorsRule } from './cors';
export { type ExpirationRule, expiresAt } from './lifecycle';
export { parseXml } from './xml';
export { s3Refusal } from './refusal';
