import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DEFAULT_EGRESS_POLICY,
  type EgressPolicy,
  type Resolve,
  blockedRange,
  createEgress,
} from './egress';

describe('the addresses a badge may make the API reach', () => {
  const blocked: [string, string][] = [
    ['0.0.0.0', '"this network"'],
    ['10.1.2.3', 'private (10.0.0.0/8)'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.254', 'carrier-grade NAT'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['172.16.0.1', 'private (172.16.0.0/12)'],
    ['172.31.255.255', 'private (172.16.0.0/12)'],
    ['192.168.1.1', 'private (192.168.0.0/16)'],
    ['192.0.2.7', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.251', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'IPv4-mapped'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped'],
    ['::ffff:8.8.8.8', 'IPv4-mapped'],
    ['64:ff9b::a9fe:a9fe', 'NAT64'],
    ['2002:a9fe:a9fe::1', '6to4'],
    ['fc00::1', 'unique local'],
    ['fd00:ec2::254', 'unique local'],
    ['fe80::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
  ];
  it.each(blocked)('refuses %s (%s)', (address, range) => {
    expect(blockedRange(address)).toContain(range);
  });

  it.each(['8.8.8.8', '1.1.1.1', '100.128.0.1', '172.32.0.1', '2606:4700:4700::1111'])(
    'lets the public address %s through',
    (address) => {
      expect(blockedRange(address)).toBeNull();
    },
  );

  it('lets loopback through only when the policy allows it, and never as IPv4-mapped', () => {
    expect(blockedRange('127.0.0.1', true)).toBeNull();
    expect(blockedRange('::1', true)).toBeNull();
    expect(blockedRange('::ffff:127.0.0.1', true)).toContain('IPv4-mapped');
    expect(blockedRange('10.0.0.1', true)).toContain('private');
    expect(blockedRange('169.254.169.254', true)).toContain('metadata');
  });
});

describe('fetching what a badge names', () => {
  type Route = (req: http.IncomingMessage, res: http.ServerResponse) => void;
  let server: http.Server;
  let base: string;
  const routes = new Map<string, Route>();

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const route = routes.get(req.url ?? '');
      if (route) route(req, res);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => routes.clear());

  const json =
    (body: unknown, type = 'application/json'): Route =>
    (_req, res) => {
      res.writeHead(200, { 'content-type': type }).end(JSON.stringify(body));
    };
  const redirect =
    (to: string): Route =>
    (_req, res) => {
      res.writeHead(302, { location: to }).end();
    };
  const testing = (policy: Partial<EgressPolicy> = {}, resolve?: Resolve) =>
    createEgress({ ...DEFAULT_EGRESS_POLICY, allowLoopbackHttp: true, ...policy }, resolve);

  it('fetches JSON over http from loopback when the policy allows, sending no credentials', async () => {
    let headers: http.IncomingHttpHeaders = {};
    routes.set('/a', (req, res) => {
      headers = req.headers;
      json({ id: 'a' })(req, res);
    });

    const result = await testing().fetchJson(`${base}/a`);

    expect(result).toEqual({ ok: true, url: `${base}/a`, json: { id: 'a' } });
    expect(headers.cookie).toBeUndefined();
    expect(headers.authorization).toBeUndefined();
  });

  it('refuses http, and loopback, under the production policy', async () => {
    routes.set('/a', json({ id: 'a' }));

    const http1 = await createEgress(DEFAULT_EGRESS_POLICY).fetchJson(`${base}/a`);
    const https1 = await createEgress(DEFAULT_EGRESS_POLICY).fetchJson('https://127.0.0.1/a');

    expect(http1).toMatchObject({
      ok: false,
      kind: 'blocked',
      reason: 'http is not fetched (https only)',
    });
    expect(https1).toMatchObject({ ok: false, kind: 'blocked' });
    expect(https1.ok === false && https1.reason).toContain('loopback');
  });

  it('checks every address a host resolves to, and connects to the checked one', async () => {
    routes.set('/a', json({ id: 'a' }));
    const port = new URL(base).port;
    const lookups: string[] = [];
    const resolve: Resolve = (host) => {
      lookups.push(host);
      return Promise.resolve(
        host === 'mixed.example'
          ? [
              { address: '127.0.0.1', family: 4 },
              { address: '10.0.0.8', family: 4 },
            ]
          : [{ address: '127.0.0.1', family: 4 }],
      );
    };

    const mixed = await testing({}, resolve).fetchJson(`http://mixed.example:${port}/a`);
    const pinned = await testing({}, resolve).fetchJson(`http://issuer.example:${port}/a`);

    expect(mixed).toMatchObject({ ok: false, kind: 'blocked' });
    expect(mixed.ok === false && mixed.reason).toContain('private (10.0.0.0/8)');
    expect(pinned).toMatchObject({ ok: true, json: { id: 'a' } });
    // Resolved once each: the socket connects to the address that was checked.
    expect(lookups).toEqual(['mixed.example', 'issuer.example']);
  });

  it('follows up to 3 redirects, each checked: one to a private or metadata address is refused', async () => {
    routes.set('/r1', redirect('/r2'));
    routes.set('/r2', redirect('/r3'));
    routes.set('/r3', redirect('/a'));
    routes.set('/r4', redirect('/r1'));
    routes.set('/a', json({ id: 'a' }));
    routes.set('/private', redirect('http://10.0.0.1/a'));
    routes.set('/metadata', redirect('http://169.254.169.254/latest/meta-data/'));
    routes.set('/mapped', redirect('http://[::ffff:127.0.0.1]/a'));
    const egress = testing();

    const three = await egress.fetchJson(`${base}/r1`);
    const four = await egress.fetchJson(`${base}/r4`);
    const privately = await egress.fetchJson(`${base}/private`);
    const metadata = await egress.fetchJson(`${base}/metadata`);
    const mapped = await egress.fetchJson(`${base}/mapped`);

    expect(three).toMatchObject({ ok: true, url: `${base}/a` });
    expect(four).toMatchObject({
      ok: false,
      kind: 'blocked',
      reason: 'it redirects more than 3 times',
    });
    expect(privately.ok === false && privately.reason).toContain('private (10.0.0.0/8)');
    expect(metadata.ok === false && metadata.reason).toContain('169.254.0.0/16');
    expect(mapped.ok === false && mapped.reason).toContain('IPv4-mapped');
  });

  it('refuses an answer over the size cap, whether it says so or streams it', async () => {
    const big = 'x'.repeat(300 * 1024);
    routes.set('/declared', json({ big }));
    routes.set('/streamed', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"big":"');
      res.write(big);
      res.end('"}');
    });

    const declared = await testing().fetchJson(`${base}/declared`);
    const streamed = await testing().fetchJson(`${base}/streamed`);

    for (const result of [declared, streamed]) {
      expect(result).toMatchObject({
        ok: false,
        kind: 'content',
        reason: 'its answer is larger than 256 KB',
      });
    }
  });

  it('gives up at the deadline, redirects included', async () => {
    routes.set('/slow', (_req, res) => {
      const answer = setTimeout(
        () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
        2000,
      );
      res.on('close', () => clearTimeout(answer));
    });
    routes.set('/to-slow', redirect('/slow'));
    const started = performance.now();

    const result = await testing({ timeoutMs: 300 }).fetchJson(`${base}/to-slow`);

    expect(result).toMatchObject({
      ok: false,
      kind: 'unreachable',
      reason: 'it did not answer in time',
    });
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('accepts JSON content only, and says which status a server answered', async () => {
    routes.set('/html', (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>'),
    );
    routes.set('/ld', json({ id: 'ld' }, 'application/ld+json; charset=utf-8'));

    const html = await testing().fetchJson(`${base}/html`);
    const ld = await testing().fetchJson(`${base}/ld`);
    const missing = await testing().fetchJson(`${base}/missing`);

    expect(html).toMatchObject({
      ok: false,
      kind: 'content',
      reason: 'its answer is not JSON (text/html)',
    });
    expect(ld).toMatchObject({ ok: true, json: { id: 'ld' } });
    expect(missing).toMatchObject({ ok: false, kind: 'status', status: 404 });
  });

  it('answers a host that does not resolve and a refused connection as unreachable', async () => {
    const down = http.createServer();
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    const port = (down.address() as AddressInfo).port;
    await new Promise((resolve) => down.close(resolve));
    const nowhere: Resolve = () =>
      Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }));

    const refused = await testing().fetchJson(`http://127.0.0.1:${port}/a`);
    const unresolved = await testing({}, nowhere).fetchJson('https://issuer.invalid/a');

    expect(refused).toMatchObject({
      ok: false,
      kind: 'unreachable',
      reason: 'the connection was refused',
    });
    expect(unresolved).toMatchObject({
      ok: false,
      kind: 'unreachable',
      reason: 'its host name did not resolve',
    });
  });

  it('refuses a URL carrying credentials', async () => {
    const result = await testing().fetchJson(`http://user:secret@127.0.0.1:1/a`);
    expect(result).toMatchObject({
      ok: false,
      kind: 'blocked',
      reason: 'a URL with credentials is not fetched',
    });
  });
});
