/**
 * The evidence bucket's deletes through the real S3 client, against a local
 * endpoint that answers as S3 does when it cannot delete some keys: 200 with
 * a DeleteResult naming them. The delete must fail, so no caller goes on to
 * drop the rows that were the only way back to those objects.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createS3Storage } from './s3';

async function s3Answering(body: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const storageAt = (url: string) =>
  createS3Storage(
    {
      region: 'ap-southeast-2',
      endpoints: { s3: url },
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    },
    'evidence',
  );

describe('deleting objects', () => {
  it('fails, naming the key, when S3 reports a key it could not delete', async () => {
    const s3 = await s3Answering(
      '<?xml version="1.0" encoding="UTF-8"?><DeleteResult><Error><Key>users/u/files/b.pdf</Key>' +
        '<Code>AccessDenied</Code><Message>Access Denied</Message></Error></DeleteResult>',
    );
    try {
      await expect(
        storageAt(s3.url).delete(['users/u/files/a.pdf', 'users/u/files/b.pdf']),
      ).rejects.toThrow(
        'S3 could not delete 1 of 2 objects (first: users/u/files/b.pdf: AccessDenied',
      );
    } finally {
      await s3.close();
    }
  });

  it('succeeds when S3 reports no error', async () => {
    const s3 = await s3Answering(
      '<?xml version="1.0" encoding="UTF-8"?><DeleteResult></DeleteResult>',
    );
    try {
      await expect(storageAt(s3.url).delete(['users/u/files/a.pdf'])).resolves.toBeUndefined();
    } finally {
      await s3.close();
    }
  });
});
