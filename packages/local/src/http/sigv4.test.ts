/**
 * The JSON services' signature check against the example AWS publishes in
 * its SigV4 documentation (IAM ListUsers, AKIDEXAMPLE, 2015-08-30): if it
 * verifies, the canonical request is AWS's, not merely the SDK's. Then each
 * way a signature is refused.
 */
import { createHash, createHmac } from 'node:crypto';
import { ManualClock } from '../clock';
import { createRequestVerifier } from './sigv4';
import type { HttpRequest } from './types';

const ACCESS_KEY = 'AKIDEXAMPLE';
const SECRET = 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY';
const EXAMPLE_SIGNATURE = '5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7';

function request(
  headers: Record<string, string>,
  target = '/?Action=ListUsers&Version=2010-05-08',
  body = '',
): HttpRequest {
  const url = new URL(target, 'http://iam.amazonaws.com');
  return {
    method: 'GET',
    rawPath: url.pathname,
    path: url.pathname,
    query: url.searchParams,
    headers: {
      host: 'iam.amazonaws.com',
      'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
      'x-amz-date': '20150830T123600Z',
      ...headers,
    },
    body: Buffer.from(body),
    sourceIp: '127.0.0.1',
  };
}

const authorization = (signature = EXAMPLE_SIGNATURE, scope = 'us-east-1/iam') =>
  `AWS4-HMAC-SHA256 Credential=${ACCESS_KEY}/20150830/${scope}/aws4_request, SignedHeaders=content-type;host;x-amz-date, Signature=${signature}`;

function verifierAt(iso: string, credentials = new Map([[ACCESS_KEY, SECRET]])) {
  return createRequestVerifier({ region: 'us-east-1', credentials, clock: new ManualClock(iso) });
}

/** Signs as the AWS documentation's steps do, by hand, for requests the example does not cover. */
function signByHand(req: HttpRequest, at: string, secret = SECRET): string {
  const date = at.slice(0, 8);
  const hmac = (key: Buffer | string, data: string) =>
    createHmac('sha256', key).update(data).digest();
  const query = [...req.query]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  const canonical = [
    req.method,
    req.rawPath,
    query,
    `content-type:${req.headers['content-type']}\nhost:${req.headers.host}\nx-amz-date:${at}\n`,
    'content-type;host;x-amz-date',
    createHash('sha256').update(req.body).digest('hex'),
  ].join('\n');
  const scope = `${date}/us-east-1/iam/aws4_request`;
  const toSign = [
    'AWS4-HMAC-SHA256',
    at,
    scope,
    createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  let key = hmac(`AWS4${secret}`, date);
  for (const part of ['us-east-1', 'iam', 'aws4_request']) key = hmac(key, part);
  return createHmac('sha256', key).update(toSign).digest('hex');
}

describe('the JSON services’ SigV4 check', () => {
  it("verifies AWS's published example", async () => {
    const verifier = verifierAt('2015-08-30T12:36:00Z');
    expect(
      await verifier.verify(request({ authorization: authorization() }), 'iam'),
    ).toBeUndefined();
  });

  it('refuses a signature another key made, a key it does not know, and a changed request', async () => {
    const verifier = verifierAt('2015-08-30T12:36:00Z');
    const other = await verifier.verify(
      request({
        authorization: authorization(
          signByHand(request({}), '20150830T123600Z', 'another secret entirely'),
        ),
      }),
      'iam',
    );
    expect(other).toEqual({
      status: 403,
      type: 'InvalidSignatureException',
      message: expect.stringMatching(
        /^The request signature we calculated does not match/,
      ) as unknown,
    });

    const stranger = createRequestVerifier({
      region: 'us-east-1',
      credentials: new Map([['LKIAOTHERKEY', SECRET]]),
      clock: new ManualClock('2015-08-30T12:36:00Z'),
    });
    expect(await stranger.verify(request({ authorization: authorization() }), 'iam')).toEqual({
      status: 403,
      type: 'UnrecognizedClientException',
      message: 'The security token included in the request is invalid.',
    });

    const tampered = request(
      { authorization: authorization() },
      '/?Action=DeleteUser&Version=2010-05-08',
    );
    expect((await verifier.verify(tampered, 'iam'))?.type).toBe('InvalidSignatureException');
  });

  it('signs the body: the same headers over another body do not verify', async () => {
    const verifier = verifierAt('2015-08-30T12:36:00Z');
    const sent = request({}, '/', '{"sql":"select 1"}');
    const signed = { authorization: authorization(signByHand(sent, '20150830T123600Z')) };
    expect(await verifier.verify({ ...sent, headers: { ...sent.headers, ...signed } }, 'iam')).toBe(
      undefined,
    );
    const swapped = request(signed, '/', '{"sql":"drop table users"}');
    expect((await verifier.verify(swapped, 'iam'))?.type).toBe('InvalidSignatureException');
  });

  it('holds the scope to its region and service', async () => {
    const verifier = verifierAt('2015-08-30T12:36:00Z');
    expect(
      await verifier.verify(
        request({ authorization: authorization(EXAMPLE_SIGNATURE, 'eu-west-1/iam') }),
        'iam',
      ),
    ).toEqual({
      status: 403,
      type: 'InvalidSignatureException',
      message: "Credential should be scoped to a valid region, not 'eu-west-1'.",
    });
    expect(await verifier.verify(request({ authorization: authorization() }), 'rds-data')).toEqual({
      status: 403,
      type: 'InvalidSignatureException',
      message: "Credential should be scoped to correct service: 'rds-data'.",
    });
  });

  it('refuses a signature more than 5 minutes old or ahead', async () => {
    const late = await verifierAt('2015-08-30T12:41:01Z').verify(
      request({ authorization: authorization() }),
      'iam',
    );
    expect(late).toEqual({
      status: 403,
      type: 'InvalidSignatureException',
      message:
        'Signature expired: 20150830T123600Z is now earlier than 20150830T123601Z (20150830T124101Z - 5 min.)',
    });
    const early = await verifierAt('2015-08-30T12:30:59Z').verify(
      request({ authorization: authorization() }),
      'iam',
    );
    expect(early?.message).toBe(
      'Signature not yet current: 20150830T123600Z is still later than 20150830T123559Z (20150830T123059Z + 5 min.)',
    );
    expect(
      await verifierAt('2015-08-30T12:41:00Z').verify(
        request({ authorization: authorization() }),
        'iam',
      ),
    ).toBeUndefined();
  });

  it('answers a missing or incomplete header as AWS does', async () => {
    const verifier = verifierAt('2015-08-30T12:36:00Z');
    expect(await verifier.verify(request({}), 'iam')).toEqual({
      status: 403,
      type: 'MissingAuthenticationTokenException',
      message: 'Missing Authentication Token',
    });
    expect(
      (
        await verifier.verify(
          request({ authorization: 'AWS4-HMAC-SHA256 SignedHeaders=host, Signature=00' }),
          'iam',
        )
      )?.type,
    ).toBe('IncompleteSignatureException');
    const { 'x-amz-date': _date, ...undated } = request({ authorization: authorization() }).headers;
    expect((await verifier.verify({ ...request({}), headers: undated }, 'iam'))?.type).toBe(
      'IncompleteSignatureException',
    );
  });
});
