/**
 * What a proof file may be, checked in the browser before anything is sent:
 * the same types and size the upload's policy allows, so a file S3 would
 * refuse is refused here with a sentence the user can act on.
 */

import { FILE_RULES } from '@cpe/shared/schemas';

/** The largest proof file: 10 MB. */
export const MAX_PROOF_BYTES = FILE_RULES.maxBytes;

/** For the file input's `accept`: the types, and their extensions for pickers that filter by name. */
export const PROOF_ACCEPT =
  'application/pdf,image/png,image/jpeg,image/webp,image/heic,.pdf,.png,.jpg,.jpeg,.webp,.heic';

export type ProofType = (typeof FILE_RULES.contentTypes)[number];

const isProofType = (type: string): type is ProofType =>
  (FILE_RULES.contentTypes as readonly string[]).includes(type);

const EXTENSION_TYPES: Readonly<Record<string, ProofType>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  heic: 'image/heic',
};

/**
 * The file's content type as the upload will declare it: the browser's, or
 * (when it reports none, as some do for a PDF from a file share) the one its
 * extension names.
 */
export function proofType(file: Pick<File, 'name' | 'type'>): ProofType | null {
  if (file.type) return isProofType(file.type) ? file.type : null;
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return Object.hasOwn(EXTENSION_TYPES, extension) ? (EXTENSION_TYPES[extension] ?? null) : null;
}

/** Why the file cannot be a proof, in a sentence; null when it can. */
export function proofProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (proofType(file) === null) {
    return `${file.name} is not a PDF, PNG, JPEG, WebP or HEIC file.`;
  }
  if (file.size > MAX_PROOF_BYTES) {
    return `${file.name} is larger than 10 MB, the most a proof file may be.`;
  }
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

/** "812 B", "14.2 KB", "3.5 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${kb < 10 ? kb.toFixed(1) : Math.round(kb)} KB`;
  const mb = kb / 1024;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}
