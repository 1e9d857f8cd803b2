/**
 * The api's Storage port over the local runtime's S3 emulator, through the
 * real SDK and presigners: a browser-style upload with a presigned POST, the
 * checks the API makes afterwards, a download link, and deletion by prefix;
 * only the data folder's key signs, and what the bucket serves on the app's
 * origin runs nothing there.
 */
import {
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createS3Storage } from '@cpe/api/aws/s3';
import { LOCAL_EVIDENCE_BUCKET } from '@cpe/local';
import { type TestRuntime, startTestRuntime } from '../support/runtime';

/** The fixed key the runtime accepted before each data folder had its own. */
const PUBLIC_KEY = { accessKeyId: 'local', secretAccessKey: 'local' };

describe('object storage on the local runtime', () => {
  let runtime: TestRuntime;

  beforeAll(async () => {
    runtime = await startTestRuntime('pglite');
  });
  afterAll(async () => {
    await runtime.destroy();
  });

  const storage = () =>
    createS3Storage(
      {
        region: 'ap-southeast-2',
        credentials: runtime.credentials,
        endpoints: { s3: `${runtime.url}/_aws/s3` },
      },
      LOCAL_EVIDENCE_BUCKET,
    );
  const s3With = (credentials: { accessKeyId: string; secretAccessKey: string }) =>
    new S3Client({
      region: 'ap-southeast-2',
      endpoint: `${runtime.url}/_aws/s3`,
      forcePathStyle: true,
      credentials,
      maxAttempts: 1,
    });

  it('uploads through a presigned POST, checks it, hands out a link and deletes by prefix', async () => {
    const s = storage();
    const pdf = Buffer.from('%PDF-1.7 proof of attendance');
    const post = await s.presignedPost({
      key: 'users/sub-1/files/a.pdf',
      contentType: 'application/pdf',
      minBytes: 1,
      maxBytes: 1024,
      expiresSeconds: 300,
    });
    const form = new FormData();
    for (const [name, value] of Object.entries(post.fields)) form.append(name, value);
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'a.pdf');
    expect((await fetch(post.url, { method: 'POST', body: form })).status).toBe(204);

    expect(await s.head('users/sub-1/files/a.pdf')).toEqual({
      size: pdf.length,
      contentType: 'application/pdf',
    });
    expect(await s.head('users/sub-1/files/missing.pdf')).toBeUndefined();

    const link = await s.presignedGet('users/sub-1/files/a.pdf', {
      expiresSeconds: 60,
      filename: 'Proof of attendance.pdf',
    });
    const download = await fetch(link);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(pdf);
    expect(download.headers.get('content-disposition')).toContain('Proof%20of%20attendance.pdf');

    await s.put('users/sub-1/reports/r.csv', new TextEncoder().encode('a,b\n'), 'text/csv');
    await s.put('users/sub-2/files/b.pdf', pdf, 'application/pdf');
    expect(await s.deletePrefix('users/sub-1/')).toBe(2);
    expect(await s.get('users/sub-1/files/a.pdf')).toBeUndefined();
    expect(await s.get('users/sub-2/files/b.pdf')).toEqual(new Uint8Array(pdf));
  });

  it('refuses an upload of another type or size than the policy fixes', async () => {
    const post = await storage().presignedPost({
      key: 'users/sub-3/files/c.png',
      contentType: 'image/png',
      minBytes: 1,
      maxBytes: 10,
      expiresSeconds: 300,
    });
    const upload = async (type: string, bytes: number) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(post.fields)) {
        form.append(name, name === 'Content-Type' ? type : value);
      }
      form.append('file', new Blob([Buffer.alloc(bytes, 1)], { type }), 'c.png');
      return (await fetch(post.url, { method: 'POST', body: form })).status;
    };
    expect(await upload('image/png', 11)).toBe(400);
    expect(await upload('application/pdf', 5)).toBe(403);
    expect(await upload('image/png', 5)).toBe(204);
  });

  it('refuses the public fixed key: a form, a download link and a PUT signed with it', async () => {
    const attacker = s3With(PUBLIC_KEY);
    const page = Buffer.from('<script>alert(localStorage.length)</script>');
    const post = await createPresignedPost(attacker, {
      Bucket: LOCAL_EVIDENCE_BUCKET,
      Key: 'pwn/evil.html',
      Conditions: [['eq', '$Content-Type', 'text/html']],
      Fields: { 'Content-Type': 'text/html' },
      Expires: 300,
    });
    const form = new FormData();
    for (const [name, value] of Object.entries(post.fields)) form.append(name, value);
    form.append('file', new Blob([page], { type: 'text/html' }), 'evil.html');
    const posted = await fetch(post.url, { method: 'POST', body: form });
    expect(posted.status).toBe(403);
    expect(await posted.text()).toContain('<Code>InvalidAccessKeyId</Code>');

    await expect(
      attacker.send(
        new PutObjectCommand({
          Bucket: LOCAL_EVIDENCE_BUCKET,
          Key: 'pwn/evil.html',
          Body: page,
          ContentType: 'text/html',
        }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    expect(await storage().head('pwn/evil.html')).toBeUndefined();

    await storage().put('users/sub-9/files/kept.pdf', Buffer.from('%PDF-1.7'), 'application/pdf');
    const link = await getSignedUrl(
      attacker,
      new GetObjectCommand({ Bucket: LOCAL_EVIDENCE_BUCKET, Key: 'users/sub-9/files/kept.pdf' }),
      { expiresIn: 60 },
    );
    const download = await fetch(link);
    expect(download.status).toBe(403);
    expect(await download.text()).not.toContain('%PDF');
    attacker.destroy();
  });

  it('serves every object sandboxed, unsniffed and as an attachment, unless it is an image or PDF asked for inline', async () => {
    const s = storage();
    const client = s3With(runtime.credentials);
    await s.put('users/sub-4/files/page.html', Buffer.from('<script>1</script>'), 'text/html');
    await s.put('users/sub-4/files/photo.png', Buffer.from('\x89PNG\r\n\x1a\n'), 'image/png');
    const fetchSigned = async (key: string, extra: Partial<GetObjectCommand['input']> = {}) =>
      fetch(
        await getSignedUrl(
          client,
          new GetObjectCommand({ Bucket: LOCAL_EVIDENCE_BUCKET, Key: key, ...extra }),
          { expiresIn: 60 },
        ),
      );
    const served = (response: Response) => ({
      status: response.status,
      type: response.headers.get('content-type'),
      disposition: response.headers.get('content-disposition'),
      csp: response.headers.get('content-security-policy'),
      nosniff: response.headers.get('x-content-type-options'),
    });
    const sandboxed = { csp: "default-src 'none'; sandbox", nosniff: 'nosniff' };

    expect(served(await fetchSigned('users/sub-4/files/page.html'))).toEqual({
      status: 200,
      type: 'text/html',
      disposition: 'attachment',
      ...sandboxed,
    });
    // Asking for HTML inline, even as another type's name, still downloads it.
    expect(
      served(
        await fetchSigned('users/sub-4/files/page.html', {
          ResponseContentDisposition: 'inline; filename="page.html"',
        }),
      ),
    ).toEqual({
      status: 200,
      type: 'text/html',
      disposition: 'attachment; filename="page.html"',
      ...sandboxed,
    });
    expect(
      served(
        await fetchSigned('users/sub-4/files/page.html', {
          ResponseContentDisposition: 'inline',
          ResponseContentType: 'image/svg+xml',
        }),
      ),
    ).toEqual({ status: 200, type: 'image/svg+xml', disposition: 'attachment', ...sandboxed });
    expect(
      served(
        await fetchSigned('users/sub-4/files/photo.png', { ResponseContentDisposition: 'inline' }),
      ),
    ).toEqual({ status: 200, type: 'image/png', disposition: 'inline', ...sandboxed });
    expect(served(await fetchSigned('users/sub-4/files/photo.png')).disposition).toBe('attachment');

    // The api's own links (files and reports) carry the file's name, as an attachment.
    const link = await s.presignedGet('users/sub-4/files/page.html', {
      expiresSeconds: 60,
      filename: 'page.html',
    });
    expect(served(await fetch(link))).toEqual({
      status: 200,
      type: 'text/html',
      disposition: "attachment; filename*=UTF-8''page.html",
      ...sandboxed,
    });
    const head = await client.send(
      new HeadObjectCommand({ Bucket: LOCAL_EVIDENCE_BUCKET, Key: 'users/sub-4/files/page.html' }),
    );
    expect(head.ContentDisposition).toBe('attachment');
    client.destroy();
  });
});
