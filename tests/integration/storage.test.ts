/**
 * The api's Storage port over the local runtime's S3 emulator, through the
 * real SDK and presigners: a browser-style upload with a presigned POST, the
 * checks the API makes afterwards, a download link, and deletion by prefix.
 */
import { createS3Storage } from '@cpe/api/aws/s3';
import { LOCAL_CREDENTIALS, LOCAL_EVIDENCE_BUCKET } from '@cpe/local';
import { type TestRuntime, startTestRuntime } from '../support/runtime';

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
        credentials: LOCAL_CREDENTIALS,
        endpoints: { s3: `${runtime.url}/_aws/s3` },
      },
      LOCAL_EVIDENCE_BUCKET,
    );

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
});
