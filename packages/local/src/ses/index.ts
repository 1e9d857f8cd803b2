/**
 * SES v2 SendEmail emulator (REST-JSON, POST /v2/email/outbound-emails):
 * handlers send mail with the real SESv2 client and it lands in the outbox.
 */
import { randomUUID } from 'node:crypto';
import type { HttpRequest, HttpResponse, HttpService } from '../http/types';
import type { Outbox } from '../mail/outbox';

function sesError(type: string, message: string, status = 400): HttpResponse {
  return {
    status,
    headers: { 'content-type': 'application/json', 'x-amzn-errortype': type },
    body: JSON.stringify({ message }),
  };
}

interface SendEmailInput {
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[] };
  Content?: {
    Simple?: {
      Subject?: { Data?: string };
      Body?: { Text?: { Data?: string }; Html?: { Data?: string } };
      Headers?: { Name?: string; Value?: string }[];
    };
  };
  ReplyToAddresses?: string[];
}

export function createSesEmulator(outbox: Outbox): { handle: HttpService } {
  async function handle(request: HttpRequest): Promise<HttpResponse> {
    if (request.method !== 'POST' || request.path !== '/v2/email/outbound-emails') {
      return sesError(
        'NotFoundException',
        `The local SES implements only SendEmail, not ${request.method} ${request.path}.`,
        404,
      );
    }
    let input: SendEmailInput;
    try {
      input = JSON.parse(request.body.toString('utf8')) as SendEmailInput;
    } catch {
      return sesError('BadRequestException', 'Malformed request body.');
    }
    const to = input.Destination?.ToAddresses ?? [];
    const simple = input.Content?.Simple;
    if (to.length === 0)
      return sesError('BadRequestException', 'Destination.ToAddresses is required.');
    if (!simple?.Subject?.Data || simple.Body?.Text?.Data === undefined) {
      return sesError(
        'BadRequestException',
        'Content.Simple with a subject and a text body is required.',
      );
    }
    const headers = new Map<string, string>();
    for (const header of simple.Headers ?? []) {
      if (!header.Name || header.Value === undefined) {
        return sesError(
          'BadRequestException',
          'Each of Content.Simple.Headers needs a Name and a Value.',
        );
      }
      if (/[\r\n]/.test(header.Name + header.Value)) {
        return sesError('BadRequestException', 'Header names and values must be single lines.');
      }
      headers.set(header.Name, header.Value);
    }
    if (input.ReplyToAddresses?.length) headers.set('Reply-To', input.ReplyToAddresses.join(', '));
    for (const address of to) {
      await outbox.send({
        to: address,
        subject: simple.Subject.Data,
        text: simple.Body.Text.Data,
        ...(simple.Body.Html?.Data !== undefined ? { html: simple.Body.Html.Data } : {}),
        ...(headers.size > 0 ? { headers: Object.fromEntries(headers) } : {}),
        ...(input.FromEmailAddress ? { from: input.FromEmailAddress } : {}),
      });
    }
    return {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ MessageId: randomUUID() }),
    };
  }
  return { handle };
}
