/**
 * How the emulator serves an object's bytes. Locally the bucket answers on
 * the app's own origin (`/_aws/s3/...`), where a page of HTML or an SVG
 * opened from it would run script with the app's storage (its tokens)
 * within reach; in AWS the bucket's own host name keeps it apart. So every
 * object answer carries a CSP that runs nothing and gives the document an
 * origin of its own, no type sniffing, and `Content-Disposition: attachment`,
 * except for the types a browser shows without script (raster images, PDF)
 * when the signer asked for them inline (`response-content-disposition`, or
 * the disposition stored with the object).
 */

/** What every object answer carries. */
export const OBJECT_CSP = "default-src 'none'; sandbox";

/** Types that may be shown inline, when asked for on purpose. */
export const INLINE_TYPES: ReadonlySet<string> = new Set([
  'application/pdf',
  'image/avif',
  'image/gif',
  'image/heic',
  'image/heif',
  'image/jpeg',
  'image/png',
  'image/webp',
]);

const mediaType = (value: string | undefined) =>
  (value ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/** `inline; filename="a.png"` -> `attachment; filename="a.png"`; anything else becomes an attachment too. */
function asAttachment(disposition: string | undefined): string {
  if (disposition === undefined) return 'attachment';
  const parameters = disposition.split(';').slice(1).join(';').trim();
  return parameters === '' ? 'attachment' : `attachment; ${parameters}`;
}

/** The headers an object answer is served with, given its type and disposition as answered. */
export function servedSafely(
  contentType: string | undefined,
  disposition: string | undefined,
): Record<string, string> {
  const kind = (disposition ?? '').split(';')[0]?.trim().toLowerCase();
  const inline = kind === 'inline' && INLINE_TYPES.has(mediaType(contentType));
  return {
    'content-security-policy': OBJECT_CSP,
    'x-content-type-options': 'nosniff',
    'content-disposition':
      inline || kind === 'attachment' ? (disposition ?? '') : asAttachment(disposition),
  };
}
