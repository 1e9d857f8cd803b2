/**
 * The bucket's CORS rules as a browser meets them: the SPA's origin differs
 * from the bucket's, so a preflight must pass and every answer (errors too)
 * must carry Access-Control-Allow-Origin for the page to read it.
 */
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  errorDocumentOf,
  postForm,
  presignPost,
  S3_BUCKET,
  startS3,
  type S3Harness,
} from '../support/s3-emulator';

const SITE = 'http://localhost:5173';
const RULES = [
  {
    allowedOrigins: [SITE],
    allowedMethods: ['GET', 'HEAD', 'POST'] as const,
    allowedHeaders: ['*'],
    exposeHeaders: ['ETag'],
    maxAgeSeconds: 3000,
  },
];

const preflight = (url: string, origin: string | undefined, method = 'POST', headers = '') =>
  fetch(url, {
    method: 'OPTIONS',
    headers: {
      ...(origin === undefined ? {} : { origin }),
      'access-control-request-method': method,
      ...(headers ? { 'access-control-request-headers': headers } : {}),
    },
  });

describe('S3 emulator CORS', () => {
  let s3: S3Harness;

  afterEach(async () => {
    await s3.close();
  });

  it('a preflight from the site origin is allowed with the rule’s methods, headers and max age', async () => {
    s3 = await startS3({ cors: RULES });

    const response = await preflight(
      `${s3.url}/${S3_BUCKET}`,
      SITE,
      'POST',
      'Content-Type, X-Custom',
    );

    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'access-control-allow-origin': SITE,
      'access-control-allow-methods': 'GET, HEAD, POST',
      'access-control-allow-headers': 'content-type, x-custom',
      'access-control-allow-credentials': 'true',
      'access-control-expose-headers': 'ETag',
      'access-control-max-age': '3000',
    });
  });

  it('a preflight from another origin or for another method is AccessForbidden', async () => {
    s3 = await startS3({ cors: RULES });

    const origin = await errorDocumentOf(
      await preflight(`${s3.url}/${S3_BUCKET}/k`, 'https://evil.example'),
    );
    const method = await errorDocumentOf(
      await preflight(`${s3.url}/${S3_BUCKET}/k`, SITE, 'DELETE'),
    );
    const noOrigin = await errorDocumentOf(await preflight(`${s3.url}/${S3_BUCKET}/k`, undefined));

    expect([origin.status, origin.code, origin.details.get('ResourceType')]).toEqual([
      403,
      'AccessForbidden',
      'OBJECT',
    ]);
    expect(origin.message).toMatch(/^CORSResponse: This CORS request is not allowed/);
    expect([method.status, method.code, method.details.get('Method')]).toEqual([
      403,
      'AccessForbidden',
      'DELETE',
    ]);
    expect([noOrigin.status, noOrigin.code]).toEqual([400, 'BadRequest']);
  });

  it('without CORS rules every preflight is refused: CORS is not enabled', async () => {
    s3 = await startS3();

    const error = await errorDocumentOf(await preflight(`${s3.url}/${S3_BUCKET}`, SITE));

    expect([error.status, error.code, error.message]).toEqual([
      403,
      'AccessForbidden',
      'CORSResponse: CORS is not enabled for this bucket.',
    ]);
  });

  it('uploads and downloads from the site origin carry the CORS headers, refusals included', async () => {
    s3 = await startS3({ cors: RULES });
    const post = await presignPost(s3.client, {
      key: 'users/u1/a.pdf',
      contentType: 'application/pdf',
    });
    const form = (contentType: string) => {
      const data = new FormData();
      for (const [name, value] of Object.entries({ ...post.fields, 'Content-Type': contentType }))
        data.append(name, value);
      data.append('file', new Blob(['%PDF-1.7']), 'a.pdf');
      return data;
    };

    const uploaded = await fetch(post.url, {
      method: 'POST',
      headers: { origin: SITE },
      body: form('application/pdf'),
    });
    const refused = await fetch(post.url, {
      method: 'POST',
      headers: { origin: SITE },
      body: form('text/html'),
    });
    const url = await getSignedUrl(
      s3.client,
      new GetObjectCommand({ Bucket: S3_BUCKET, Key: 'users/u1/a.pdf' }),
    );
    const downloaded = await fetch(url, { headers: { origin: SITE } });
    const elsewhere = await fetch(url, { headers: { origin: 'https://evil.example' } });

    expect([uploaded.status, uploaded.headers.get('access-control-allow-origin')]).toEqual([
      204,
      SITE,
    ]);
    expect(uploaded.headers.get('access-control-expose-headers')).toBe('ETag');
    expect([refused.status, refused.headers.get('access-control-allow-origin')]).toEqual([
      403,
      SITE,
    ]);
    expect([downloaded.status, downloaded.headers.get('access-control-allow-origin')]).toEqual([
      200,
      SITE,
    ]);
    expect([elsewhere.status, elsewhere.headers.get('access-control-allow-origin')]).toEqual([
      200,
      null,
    ]);
  });

  it('requests without an Origin get no CORS headers, as S3 treats them as same-origin', async () => {
    s3 = await startS3({ cors: RULES });

    const stored = await s3.client.send(
      new PutObjectCommand({ Bucket: S3_BUCKET, Key: 'k', Body: 'x' }),
    );
    const response = await postForm(
      `${s3.url}/${S3_BUCKET}`,
      { key: 'k' },
      { bytes: Buffer.from('x') },
    );

    expect(stored.$metadata.httpStatusCode).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});
