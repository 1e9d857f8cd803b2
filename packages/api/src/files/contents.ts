/**
 * Whether a proof file's bytes are what its declared type says (issue 25
 * item 5): each type by its signature ("magic bytes") at the start of the
 * file, as the formats define them. A text file named `fake.pdf`, or a
 * Windows program (`MZ`) declared a PDF, is refused before it counts as
 * proof.
 */
import type { ProofContentType } from '@cpe/shared';

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  if (bytes.length < at + signature.length) return false;
  return signature.every((b, i) => bytes[at + i] === b);
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = ascii('%PDF-');
/** PDF 32000-1 (annex H): readers find the header within the first 1024 bytes. */
const PDF_HEADER_WITHIN = 1024;
/** The HEIF brands of HEIC still images and sequences (ISO/IEC 23008-12 and the HEIC registration). */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs']);
/** The structural brands a HEIC file may carry as major brand, naming heic among its compatible ones. */
const HEIF_BRANDS = new Set(['mif1', 'msf1']);

function isPdf(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, PDF_HEADER_WITHIN) - PDF.length;
  for (let at = 0; at <= end; at += 1) if (startsWith(bytes, PDF, at)) return true;
  return false;
}

const brandAt = (bytes: Uint8Array, at: number) =>
  String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);

/** An ISO base media file whose `ftyp` box names a HEIC brand. */
function isHeic(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || !startsWith(bytes, ascii('ftyp'), 4)) return false;
  const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  if (boxSize < 16 || boxSize > bytes.length) return false;
  const major = brandAt(bytes, 8);
  if (HEIC_BRANDS.has(major)) return true;
  if (!HEIF_BRANDS.has(major)) return false;
  for (let at = 16; at + 4 <= boxSize; at += 4)
    if (HEIC_BRANDS.has(brandAt(bytes, at))) return true;
  return false;
}

const CHECKS: Readonly<Record<ProofContentType, (bytes: Uint8Array) => boolean>> = {
  'application/pdf': isPdf,
  'image/png': (bytes) => startsWith(bytes, PNG),
  'image/jpeg': (bytes) => startsWith(bytes, JPEG),
  'image/webp': (bytes) => startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8),
  'image/heic': isHeic,
};

/** True when `bytes` begin as a file of `contentType` does; false for any other type. */
export function contentMatches(contentType: string, bytes: Uint8Array): boolean {
  const check = Object.hasOwn(CHECKS, contentType)
    ? CHECKS[contentType as ProofContentType]
    : undefined;
  return check !== undefined && check(bytes);
}

/** How the error names a type: what a person calls it. */
export const TYPE_NAMES: Readonly<Record<ProofContentType, string>> = {
  'application/pdf': 'a PDF',
  'image/png': 'a PNG image',
  'image/jpeg': 'a JPEG image',
  'image/webp': 'a WebP image',
  'image/heic': 'a HEIC image',
};
