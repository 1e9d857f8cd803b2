/**
 * What SES email receiving does in AWS, for `POST /_dev/inbound`: the body
 * is one raw RFC 822 message (`content-type: message/rfc822`); it is stored
 * in the evidence bucket under `inbound/<messageId>` (the receipt rule's S3
 * action, through the S3 emulator) and the inbound function is invoked with
 * the receipt event SES's Lambda action sends (docs/capture.md).
 *
 * The envelope recipients are the message's To, Cc and Bcc addresses, or
 * those listed in `x-ses-recipients` (comma-separated). SES's verdicts are
 * PASS unless a header names another: `x-ses-spam-verdict`,
 * `x-ses-virus-verdict`, `x-ses-spf-verdict`, `x-ses-dkim-verdict` (PASS,
 * FAIL, GRAY or PROCESSING_FAILED).
 *
 * Answers what the function did: 202 with the proposals made, 422 naming
 * why nothing was (an unknown address, a failed verdict, a message too
 * large, with too many attachments or without a certificate).
 */
import { randomBytes } from 'node:crypto';
import { INBOUND_PREFIX } from '@cpe/api/functions';
import type { Storage } from '@cpe/api/aws/storage';
import { dict } from '@cpe/shared/dict';
import type { Clock } from '../clock';
import { mediaType } from '../http/guard';
import type { HttpRequest, HttpResponse } from '../http/types';
import { json } from '../http/types';

/** SES receives messages of up to 40 MB; the function reads those of up to 10 MB. */
export const SES_MAX_MESSAGE_BYTES = 40 * 1024 * 1024;

const VERDICTS = ['PASS', 'FAIL', 'GRAY', 'PROCESSING_FAILED'] as const;
const VERDICT_HEADERS = {
  spamVerdict: 'x-ses-spam-verdict',
  virusVerdict: 'x-ses-virus-verdict',
  spfVerdict: 'x-ses-spf-verdict',
  dkimVerdict: 'x-ses-dkim-verdict',
} as const;

export interface InboundOptions {
  /** The evidence bucket, reached through the S3 emulator with the runtime's key. */
  storage(): Storage;
  /** Invokes the inbound function (the local Lambda runtime). */
  invoke(event: unknown): Promise<unknown>;
  /** The To, Cc and Bcc addresses of a raw message. */
  recipientsOf(raw: Uint8Array): Promise<string[]>;
  clock: Clock;
  region: string;
  accountId: string;
}

type InboundResult =
  | { status: 'refused'; message: string }
  | { status: 'processed'; deliveries: Array<{ proposals: number; message: string }> };

/** An id shaped like SES's (lower-case letters and digits). */
const messageIdOf = () => randomBytes(20).toString('hex');

export function createInboundEndpoint(options: InboundOptions) {
  return async (request: HttpRequest): Promise<HttpResponse> => {
    if (request.method !== 'POST') {
      return json(405, { message: 'POST a raw message (message/rfc822)' }, { allow: 'POST' });
    }
    const type = mediaType(request.headers['content-type']);
    if (type !== 'message/rfc822') {
      return json(415, {
        message: `Unsupported content type ${type || '(none)'}: /_dev/inbound accepts message/rfc822`,
      });
    }
    if (request.body.length === 0) {
      return json(400, { message: 'Invalid request: the body must be a raw RFC 822 message' });
    }
    const verdicts = dict<{ status: string }>();
    for (const [field, header] of Object.entries(VERDICT_HEADERS)) {
      const value = (request.headers[header] ?? 'PASS').trim().toUpperCase();
      if (!(VERDICTS as readonly string[]).includes(value)) {
        return json(400, {
          message: `Invalid request: ${header} must be one of ${VERDICTS.join(', ')}`,
        });
      }
      verdicts[field] = { status: value };
    }
    const raw = new Uint8Array(request.body);
    const listed = request.headers['x-ses-recipients'];
    const recipients =
      listed !== undefined
        ? listed
            .split(',')
            .map((r) => r.trim())
            .filter(Boolean)
        : await options.recipientsOf(raw);

    const messageId = messageIdOf();
    const now = options.clock.now().toISOString();
    await options.storage().put(`${INBOUND_PREFIX}${messageId}`, raw, 'message/rfc822');
    const event = {
      Records: [
        {
          eventSource: 'aws:ses',
          eventVersion: '1.0',
          ses: {
            mail: {
              timestamp: now,
              source: 'sender@localhost',
              messageId,
              destination: recipients,
              headersTruncated: false,
              headers: [],
              commonHeaders: {},
            },
            receipt: {
              timestamp: now,
              processingTimeMillis: 0,
              recipients,
              ...verdicts,
              dmarcVerdict: { status: 'GRAY' },
              action: {
                type: 'Lambda',
                functionArn: `arn:aws:lambda:${options.region}:${options.accountId}:function:cpe-local-inbound`,
                invocationType: 'Event',
              },
            },
          },
        },
      ],
    };
    const result = (await options.invoke(event)) as InboundResult;
    if (result.status === 'refused') {
      return json(422, { message: `Refused: ${result.message}`, proposals: 0 });
    }
    const proposals = result.deliveries.reduce((sum, d) => sum + d.proposals, 0);
    const messages = result.deliveries.map((d) => d.message);
    if (proposals === 0) {
      return json(422, { message: messages.join(' '), proposals: 0 });
    }
    return json(202, { message: messages.join(' '), proposals });
  };
}
