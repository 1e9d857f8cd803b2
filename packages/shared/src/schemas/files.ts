/** Proof file uploads and downloads, audit reports and proposals from a certificate's text. */
import '../zod-config';
import * as z from 'zod/mini';
import { requiredName } from './build';
import { idSchema, isoDate } from './common';
import { FILE_RULES } from './limits';

export const proofFile = z.object({
  file_id: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number(),
  uploaded_at: z.string(),
});
export type ProofFile = z.infer<typeof proofFile>;

/** POST /api/uploads: what the browser is about to upload. */
export const createUploadBody = z.object({
  file_name: requiredName('file_name').check(
    z.maxLength(
      FILE_RULES.fileNameLength,
      `file_name must be at most ${FILE_RULES.fileNameLength} characters`,
    ),
  ),
  content_type: z.enum(FILE_RULES.contentTypes, {
    error: `must be one of ${FILE_RULES.contentTypes.join(', ')}`,
  }),
  size: z.number({ error: 'must be a number of bytes' }).check(
    z.refine(Number.isInteger, 'must be a whole number of bytes'),
    z.refine((n) => n >= 1, 'must be at least 1 byte'),
    z.refine(
      (n) => n <= FILE_RULES.maxBytes,
      `must be at most ${FILE_RULES.maxBytes} bytes (10 MB)`,
    ),
  ),
});
export type CreateUploadBody = z.infer<typeof createUploadBody>;

export const upload = z.object({
  upload_id: z.string(),
  /** The presigned POST: a multipart form with `fields` first, then the file as `file`. */
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  expires_at: z.string(),
});
export type Upload = z.infer<typeof upload>;

export const attachFileBody = z.object({
  upload_id: z.string({ error: 'must be an upload id' }).check(
    z.trim(),
    z.refine((v) => idSchema.safeParse(v).success, 'must be an upload id'),
  ),
});

export const downloadLink = z.object({ url: z.string() });
export type DownloadLink = z.infer<typeof downloadLink>;

/** GET /api/certifications/{id}/report?format=csv|pdf|zip&cycle= */
export const REPORT_FORMATS = ['csv', 'pdf', 'zip'] as const;
export const reportQuery = z.object({
  format: z.enum(REPORT_FORMATS, { error: `must be one of ${REPORT_FORMATS.join(', ')}` }),
  cycle: z.optional(isoDate),
});
export type ReportQuery = z.infer<typeof reportQuery>;

/** POST /api/uploads/{id}/proposal: what a certificate's text suggests; every field may be absent. */
export const activityProposal = z.object({
  proposal: z.object({
    activity_name: z.optional(z.string()),
    provider: z.optional(z.string()),
    activity_date: z.optional(z.string()),
    cpe_units: z.optional(z.number()),
    description: z.optional(z.string()),
  }),
});
export type ActivityProposal = z.infer<typeof activityProposal>['proposal'];
