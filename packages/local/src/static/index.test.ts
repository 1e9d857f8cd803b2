import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { HttpRequest } from '../http/types';
import { createStaticSite } from './index';

function get(rawPath: string): HttpRequest {
  return {
    method: 'GET',
    rawPath,
    path: rawPath,
    query: new URLSearchParams(),
    headers: {},
    body: Buffer.alloc(0),
    sourceIp: '127.0.0.1',
  };
}

describe('the static site', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'cpe-static-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('serves a rebuilt index.html without a restart', async () => {
    const index = path.join(root, 'index.html');
    writeFileSync(index, '<p>first build</p>');
    const site = createStaticSite({ root, headers: { 'x-content-type-options': 'nosniff' } });
    expect(String((await site(get('/mycertifications'))).body)).toBe('<p>first build</p>');

    writeFileSync(index, '<p>second build</p>');
    utimesSync(index, new Date(), new Date(Date.now() + 5_000));

    const response = await site(get('/'));
    expect(String(response.body)).toBe('<p>second build</p>');
    expect(response.headers).toMatchObject({ 'x-content-type-options': 'nosniff' });
  });

  it('answers 404 for a missing asset and never serves outside its root', async () => {
    writeFileSync(path.join(root, 'index.html'), 'app');
    const site = createStaticSite({ root, headers: {} });
    expect((await site(get('/assets/gone-1234.js'))).status).toBe(404);
    const escaped = await site(get('/../../etc/passwd'));
    expect(String(escaped.body)).not.toContain('root:');
  });
});
