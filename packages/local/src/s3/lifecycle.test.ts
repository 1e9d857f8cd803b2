import { type ExpirationRule, expire, expiresAt } from './lifecycle';
import { createObjectStore } from './store';

const PENDING: ExpirationRule = {
  id: 'expire-unattached-uploads',
  tags: { 'cpe-upload': 'pending' },
  days: 1,
};
const INBOUND: ExpirationRule = { id: 'expire-inbound-mail', prefix: 'inbound/', days: 2 };

function storeWith(objects: Array<{ key: string; at: string; tags?: [string, string][] }>) {
  const store = createObjectStore({
    directory: undefined,
    buckets: ['evidence'],
    warn: () => undefined,
  });
  for (const { key, at, tags } of objects) {
    store.put(
      'evidence',
      {
        key,
        size: 1,
        etag: '"0cc175b9c0f1b6a831c399e269772661"',
        lastModified: at,
        contentType: 'application/pdf',
        headers: [],
        metadata: [],
        checksums: [],
        ...(tags ? { tags } : {}),
      },
      Buffer.from('a'),
    );
  }
  return store;
}

describe('S3 lifecycle expiration', () => {
  it('counts the days from creation and rounds up to the next midnight UTC, as S3 does', () => {
    expect(expiresAt(new Date('2026-11-26T09:30:00Z'), 1).toISOString()).toBe(
      '2026-11-28T00:00:00.000Z',
    );
    expect(expiresAt(new Date('2026-11-26T00:00:00Z'), 1).toISOString()).toBe(
      '2026-11-27T00:00:00.000Z',
    );
    expect(expiresAt(new Date('2026-12-31T23:59:59Z'), 2).toISOString()).toBe(
      '2027-01-03T00:00:00.000Z',
    );
  });

  it('deletes only the objects a rule matches by tag or prefix, once their time has come', () => {
    const store = storeWith([
      { key: 'users/a/uploads/1', at: '2026-11-26T09:30:00Z', tags: [['cpe-upload', 'pending']] },
      { key: 'users/a/uploads/2', at: '2026-11-26T09:30:00Z', tags: [['cpe-upload', 'done']] },
      { key: 'users/a/files/1/x', at: '2026-11-26T09:30:00Z' },
      { key: 'inbound/m1', at: '2026-11-26T09:30:00Z' },
    ]);
    const keys = () => store.list('evidence').map((m) => m.key);

    expect(expire(store, 'evidence', [PENDING, INBOUND], new Date('2026-11-27T23:59:59Z'))).toEqual(
      [],
    );
    expect(expire(store, 'evidence', [PENDING, INBOUND], new Date('2026-11-28T00:00:00Z'))).toEqual(
      ['users/a/uploads/1'],
    );
    expect(expire(store, 'evidence', [PENDING, INBOUND], new Date('2026-11-29T00:00:00Z'))).toEqual(
      ['inbound/m1'],
    );
    expect(keys()).toEqual(['users/a/files/1/x', 'users/a/uploads/2']);
  });
});
