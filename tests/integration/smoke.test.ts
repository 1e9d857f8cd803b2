/**
 * The deploy smoke test (scripts/smoke-test.ts), run against the local
 * runtime: every check it makes of a deployed stage must pass here first.
 * And against a server that answers everything wrongly, where every check
 * must fail, so a green smoke test means something.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runSmokeChecks } from '../../scripts/smoke-test';
import { type TestRuntime, backendNames, startTestRuntime } from '../support/runtime';

describe.each(backendNames())('the smoke test against the local runtime on %s', (backend) => {
  let runtime: TestRuntime;

  beforeAll(async () => {
    runtime = await startTestRuntime(backend);
  });
  afterAll(async () => {
    await runtime.destroy();
  });

  it('passes every check a deployed stage must pass', async () => {
    const results = await runSmokeChecks(runtime.url);
    expect(results.map((r) => r.name)).toEqual([
      'the SPA loads with its security headers',
      '/config.json passes the shared schema',
      '/api/health answers {"status":"ok"}',
      'a protected route answers 401 without a token',
      'the contact route refuses a bad body with 400',
    ]);
    expect(results.filter((r) => !r.ok)).toEqual([]);
  });

  it('waits out a resuming database before judging /api/health', async () => {
    runtime.rdsData.faults.resumingFor(1_500);
    try {
      const [health] = (await runSmokeChecks(runtime.url)).filter((r) => r.name.includes('health'));
      expect(health).toMatchObject({ ok: true });
    } finally {
      runtime.rdsData.faults.clear();
    }
  });
});

describe('the smoke test against a server that gets everything wrong', () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    // 200 text/plain everywhere, no security headers, and a 403 from the "direct" API.
    server = createServer((req, res) => {
      if (req.url?.startsWith('/direct')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end('{"status":"down"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('fails every check, saying what it saw', async () => {
    const results = await runSmokeChecks(url, {
      directUrls: { api: `${url}/direct-api`, contact: `${url}/direct-contact` },
    });
    expect(results.map((r) => [r.ok, r.detail])).toEqual([
      [false, 'GET /: content-type text/plain, expected text/html'],
      [false, expect.stringMatching(/^GET \/config\.json: /)],
      [false, 'GET /api/health: {"status":"down"}'],
      [false, 'GET /api/certifications/{id} without a token: 200, expected 401'],
      [false, 'POST /beta/submit with a bad email: 200, expected 400'],
      [false, 'GET <api>/api/health directly: 200, expected 403'],
    ]);
  });
});
