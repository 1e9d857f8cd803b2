import { randomBytes } from 'node:crypto';
import { ERROR_STATUS, type S3ErrorCode } from './errors';
import { xmlResponse } from './response';
import { element, xmlDocument } from './xml';

/**
 * The runtime's front-door refusals (a foreign Host, a body over the limit),
 * framed as S3 frames its errors: an XML document with S3's own code.
 */
export function s3Refusal(status: number, _type: string, message: string) {
  const code: S3ErrorCode = status === 413 ? 'EntityTooLarge' : 'AccessDenied';
  return xmlResponse(
    ERROR_STATUS[code],
    xmlDocument(
      'Error',
      element('Code', code) +
        element('Message', message) +
        element('RequestId', randomBytes(8).toString('hex').toUpperCase()),
      false,
    ),
  );
}
