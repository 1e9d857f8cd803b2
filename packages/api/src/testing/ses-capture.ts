/**
 * Test support: a local SESv2 endpoint that keeps every SendEmail request,
 * and the message SES would build from one (RFC 2047 subject, base64 parts),
 * for a MIME parser (mailparser) to read. SES documents that text without a
 * `Charset` is taken as 7-bit ASCII, which the rendering follows.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSesMailer } from '../aws/ses';

export interface Part {
  Data: string;
  Charset?: string;
}

export interface SendEmailRequest {
  FromEmailAddress: string;
  Destination: { ToAddresses: string[] };
  Content: {
    Simple: {
      Subject: Part;
      Body: { Text: Part; Html?: Part };
      Headers?: { Name: string; Value: string }[];
    };
  };
}

/** Bytes of `part` in its declared charset; without one, 7-bit ASCII (anything else becomes '?'). */
function encoded(part: Part): { charset: string; bytes: Buffer } {
  if (part.Charset?.toUpperCase() === 'UTF-8')
    return { charset: 'UTF-8', bytes: Buffer.from(part.Data, 'utf8') };
  return {
    charset: 'US-ASCII',
    bytes: Buffer.from(part.Data.replace(/[^\p{ASCII}]/gu, '?'), 'ascii'),
  };
}

/** The message as SES builds it from Simple content (RFC 2047 subject, base64 parts). */
export function asMime(request: SendEmailRequest): string {
  const { Subject, Body, Headers = [] } = request.Content.Simple;
  const subject = encoded(Subject);
  const part = (type: string, p: Part) => {
    const { charset, bytes } = encoded(p);
    return [
      `Content-Type: ${type}; charset=${charset}`,
      'Content-Transfer-Encoding: base64',
      '',
      bytes.toString('base64').replace(/.{76}/g, '$&\r\n'),
    ].join('\r\n');
  };
  return [
    `From: ${request.FromEmailAddress}`,
    `To: ${request.Destination.ToAddresses.join(', ')}`,
    `Subject: =?${subject.charset}?B?${subject.bytes.toString('base64')}?=`,
    ...Headers.map((h) => `${h.Name}: ${h.Value}`),
    'MIME-Version: 1.0',
    'Content-Type: multipart/alternative; boundary="part"',
    '',
    '--part',
    part('text/plain', Body.Text),
    ...(Body.Html ? ['--part', part('text/html', Body.Html)] : []),
    '--part--',
    '',
  ].join('\r\n');
}

/** A local SESv2 endpoint that keeps each SendEmail request. */
export async function capturingSes() {
  const requests: SendEmailRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as SendEmailRequest);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ MessageId: 'm1' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const mailer = createSesMailer({
    region: 'ap-southeast-2',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    endpoints: { sesv2: `http://127.0.0.1:${port}` },
  });
  return { requests, mailer, close: () => new Promise((resolve) => server.close(resolve)) };
}
