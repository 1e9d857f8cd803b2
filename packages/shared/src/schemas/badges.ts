/** Reading an Open Badge into a certification's prefill (POST /api/badges/read). */
import '../zod-config';
import * as z from 'zod/mini';
import { singleLineText } from './build';

/** A badge file is read whole in one request, well within API Gateway's and Lambda's payload limits. */
export const BADGE_RULES = {
  maxBytes: 512 * 1024,
  /** Base64 of maxBytes, rounded up to whole 4-character groups. */
  maxBase64Length: Math.ceil((512 * 1024) / 3) * 4,
  fileNameLength: 255,
} as const;

export const readBadgeBody = z.object({
  /** The file's name as the browser gave it (not stored). */
  file_name: z.optional(singleLineText(BADGE_RULES.fileNameLength, 'file_name')),
  /** The file's bytes, base64-encoded. */
  content_base64: z
    .string({ error: 'must be the file, base64-encoded' })
    .check(
      z.minLength(1, 'is an empty file'),
      z.maxLength(
        BADGE_RULES.maxBase64Length,
        `must be a file of at most ${BADGE_RULES.maxBytes} bytes (512 KB)`,
      ),
    ),
});
export type ReadBadgeBody = z.infer<typeof readBadgeBody>;

export const BADGE_FORMATS = [
  'ob2-json',
  'ob2-png',
  'ob2-svg',
  'ob2-jws',
  'ob3-json',
  'ob3-jwt',
  'ob3-png',
  'ob3-svg',
] as const;

/** What a badge prefills on Add Certification; nothing is stored. */
export const badgePrefill = z.object({
  /** Open Badges version and the container it came in. */
  format: z.enum(BADGE_FORMATS),
  certification_name: z.string(),
  issuer: z.nullable(z.string()),
  /** The catalogue entry the issuer and badge name both match; null when none surely does. */
  catalogue_id: z.nullable(z.string()),
  earned_date: z.nullable(z.string()),
  expiry_date: z.nullable(z.string()),
  /** The assertion's or credential's own http(s) URL, else the badge class's. */
  verification_link: z.nullable(z.string()),
  /** True only when a signature was checked against a key the badge itself carries. */
  verified: z.boolean(),
  /** Why it is (or is not) verified, in a sentence. */
  verification: z.string(),
});
export type BadgePrefill = z.infer<typeof badgePrefill>;
