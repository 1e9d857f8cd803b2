/**
 * The verifier against the signatures AWS publishes in the S3 API reference
 * (examplebucket, AKIAIOSFODNN7EXAMPLE, 2013-05-24): if these pass, the
 * canonical request is S3's, not merely the SDK's.
 */
import { ManualClock } from '../clock';
import type { HttpRequest } from '../http/types';
import { S3Error } from './errors';
import { createSigV4, parseAmzDate, parseCredential } from './sigv4';

const ACCESS_KEY = 'AKIAIOSFODNN7EXAMPLE';
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const HOST = 'examplebucket.s3.amazonaws.com';
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const SCOPE = `${ACCESS_KEY}/20130524/us-east-1/s3/aws4_request`;

function verifier(at = '2013-05-24T00:00:00Z') {
  const clock = new ManualClock(at);
  return {
    clock,
    sigv4: createSigV4({
      region: 'us-east-1',
      credentials: new Map([[ACCESS_KEY, SECRET]]),
      clock,
    }),
  };
}

function request(
  method: string,
  target: string,
  headers: Record<string, string>,
  body = Buffer.alloc(0),
): HttpRequest {
  const url = new URL(target, `http://${HOST}`);
  return {
    method,
    rawPath: url.pathname,
    path: url.pathname,
    query: url.searchParams,
    headers: { host: HOST, ...headers },
    body,
    sourceIp: '127.0.0.1',
  };
}

const authorization = (signedHeaders: string, signature: string) =>
  `AWS4-HMAC-SHA256 Credential=${SCOPE},SignedHeaders=${signedHeaders},Signature=${signature}`;

async function refusal(promise: Promise<unknown>): Promise<S3Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof S3Error) return error;
    throw error;
  }
  throw new Error('expected an S3Error');
}

const getObject = (
  signature = 'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
) =>
  request('GET', '/test.txt', {
    range: 'bytes=0-9',
    'x-amz-content-sha256': EMPTY_SHA256,
    'x-amz-date': '20130524T000000Z',
    authorization: authorization('host;range;x-amz-content-sha256;x-amz-date', signature),
  });

const presignedGet = (
  signature = 'aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
) =>
  request(
    'GET',
    `/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=${encodeURIComponent(SCOPE)}&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=${signature}`,
    {},
  );

describe('SigV4 verification against the S3 API reference examples', () => {
  it('accepts the documented GetObject signature with a signed Range header', async () => {
    const { sigv4 } = verifier();

    await expect(sigv4.authenticate(getObject())).resolves.toEqual({
      accessKeyId: ACCESS_KEY,
      payloadHash: EMPTY_SHA256,
      via: 'header',
    });
  });

  it('accepts the documented PutObject signature, which signs a Date header and a $ in the key', async () => {
    const { sigv4 } = verifier();
    const payload = '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072';

    const principal = await sigv4.authenticate(
      request('PUT', '/test%24file.text', {
        date: 'Fri, 24 May 2013 00:00:00 GMT',
        'x-amz-date': '20130524T000000Z',
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
        'x-amz-content-sha256': payload,
        authorization: authorization(
          'date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class',
          '98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
        ),
      }),
    );

    expect(principal.payloadHash).toBe(payload);
  });

  it('accepts the documented signatures of a sub-resource and of a sorted query', async () => {
    const { sigv4 } = verifier();
    const signed = { 'x-amz-content-sha256': EMPTY_SHA256, 'x-amz-date': '20130524T000000Z' };
    const headers = 'host;x-amz-content-sha256;x-amz-date';

    const lifecycle = sigv4.authenticate(
      request('GET', '/?lifecycle', {
        ...signed,
        authorization: authorization(
          headers,
          'fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543',
        ),
      }),
    );
    const listing = sigv4.authenticate(
      request('GET', '/?max-keys=2&prefix=J', {
        ...signed,
        authorization: authorization(
          headers,
          '34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7',
        ),
      }),
    );

    await expect(lifecycle).resolves.toMatchObject({ accessKeyId: ACCESS_KEY });
    await expect(listing).resolves.toMatchObject({ accessKeyId: ACCESS_KEY });
  });

  it('accepts the documented presigned URL, with UNSIGNED-PAYLOAD', async () => {
    const { sigv4 } = verifier('2013-05-24T12:00:00Z');

    await expect(sigv4.authenticate(presignedGet())).resolves.toEqual({
      accessKeyId: ACCESS_KEY,
      payloadHash: 'UNSIGNED-PAYLOAD',
      via: 'query',
    });
  });
});

describe('SigV4 refusals', () => {
  it('a changed signed header or signature is SignatureDoesNotMatch, with S3 diagnostics', async () => {
    const { sigv4 } = verifier();
    const changedRange = getObject();
    changedRange.headers.range = 'bytes=0-99';

    const error = await refusal(sigv4.authenticate(changedRange));
    const forged = await refusal(sigv4.authenticate(getObject('0'.repeat(64))));

    expect(error.type).toBe('SignatureDoesNotMatch');
    expect(error.status).toBe(403);
    expect(new Map(error.details).get('CanonicalRequest')).toContain('range:bytes=0-99');
    expect(forged.type).toBe('SignatureDoesNotMatch');
  });

  it('an unsigned x-amz-* header is refused as not signed', async () => {
    const { sigv4 } = verifier();
    const extra = getObject();
    extra.headers['x-amz-meta-owner'] = 'someone';

    const error = await refusal(sigv4.authenticate(extra));

    expect(error.type).toBe('AccessDenied');
    expect(new Map(error.details).get('HeadersNotSigned')).toBe('x-amz-meta-owner');
  });

  it('an unknown key, another region or another service is refused before any signature maths', async () => {
    const { sigv4 } = verifier();
    const withScope = (scope: string) => {
      const r = getObject();
      r.headers.authorization = r.headers.authorization!.replace(SCOPE, scope);
      return r;
    };

    const unknown = await refusal(
      sigv4.authenticate(withScope('AKIAOTHER/20130524/us-east-1/s3/aws4_request')),
    );
    const region = await refusal(
      sigv4.authenticate(withScope(`${ACCESS_KEY}/20130524/eu-west-1/s3/aws4_request`)),
    );
    const service = await refusal(
      sigv4.authenticate(withScope(`${ACCESS_KEY}/20130524/us-east-1/sqs/aws4_request`)),
    );
    const day = await refusal(
      sigv4.authenticate(withScope(`${ACCESS_KEY}/20130523/us-east-1/s3/aws4_request`)),
    );

    expect([unknown.type, unknown.status]).toEqual(['InvalidAccessKeyId', 403]);
    expect([region.type, region.status]).toEqual(['AuthorizationHeaderMalformed', 400]);
    expect(region.message).toContain("the region 'eu-west-1' is wrong; expecting 'us-east-1'");
    expect(service.type).toBe('AuthorizationHeaderMalformed');
    expect(day.type).toBe('AuthorizationHeaderMalformed');
  });

  it('a header-signed request more than 15 minutes off the clock is RequestTimeTooSkewed', async () => {
    const { sigv4, clock } = verifier();

    clock.advance(15 * 60 * 1000);
    const justInside = sigv4.authenticate(getObject());
    await expect(justInside).resolves.toBeDefined();
    clock.advance(1000);
    const error = await refusal(sigv4.authenticate(getObject()));

    expect(error.type).toBe('RequestTimeTooSkewed');
  });

  it('a presigned URL past X-Amz-Date + X-Amz-Expires is refused as expired', async () => {
    const { sigv4, clock } = verifier('2013-05-25T00:00:00Z');

    await expect(sigv4.authenticate(presignedGet())).resolves.toBeDefined();
    clock.advance(1000);
    const error = await refusal(sigv4.authenticate(presignedGet()));

    expect(error.type).toBe('AccessDenied');
    expect(error.message).toBe('Request has expired');
    expect(new Map(error.details).get('Expires')).toBe('2013-05-25T00:00:00.000Z');
  });

  it('a presigned URL missing a parameter, or with an Expires beyond a week, is malformed', async () => {
    const { sigv4 } = verifier();
    const missing = presignedGet();
    missing.query.delete('X-Amz-SignedHeaders');
    const tooLong = presignedGet();
    tooLong.query.set('X-Amz-Expires', '604801');

    const a = await refusal(sigv4.authenticate(missing));
    const b = await refusal(sigv4.authenticate(tooLong));

    expect([a.type, a.status]).toEqual(['AuthorizationQueryParametersError', 400]);
    expect(b.message).toBe('X-Amz-Expires must be less than a week (in seconds) that is 604800');
  });

  it('no signature is AccessDenied; SigV2 and two mechanisms at once are refused by name', async () => {
    const { sigv4 } = verifier();
    const both = presignedGet();
    both.headers.authorization = getObject().headers.authorization!;

    const anonymous = await refusal(sigv4.authenticate(request('GET', '/test.txt', {})));
    const v2 = await refusal(
      sigv4.authenticate(request('GET', '/test.txt', { authorization: 'AWS AKID:c2ln' })),
    );
    const twice = await refusal(sigv4.authenticate(both));

    expect([anonymous.type, anonymous.message]).toEqual(['AccessDenied', 'Access Denied']);
    expect(v2.type).toBe('InvalidRequest');
    expect(twice.type).toBe('InvalidArgument');
  });
});

describe('SigV4 parts', () => {
  it('parses a credential scope and refuses one without five parts, the terminator or a real day', () => {
    expect(parseCredential(SCOPE)).toEqual({
      accessKeyId: ACCESS_KEY,
      date: '20130524',
      region: 'us-east-1',
      service: 's3',
    });
    expect(parseCredential(`${ACCESS_KEY}/20130524/us-east-1/s3`)).toBeUndefined();
    expect(parseCredential(`${ACCESS_KEY}/20130524/us-east-1/s3/aws5_request`)).toBeUndefined();
    expect(parseCredential(`${ACCESS_KEY}/20131340/us-east-1/s3/aws4_request`)).toBeUndefined();
  });

  it('parses X-Amz-Date and refuses impossible dates', () => {
    expect(parseAmzDate('20130524T010203Z')?.toISOString()).toBe('2013-05-24T01:02:03.000Z');
    expect(parseAmzDate('20130230T000000Z')).toBeUndefined();
    expect(parseAmzDate('2013-05-24T00:00:00Z')).toBeUndefined();
  });
});
