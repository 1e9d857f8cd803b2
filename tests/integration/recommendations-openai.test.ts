/**
 * POST /api/recommendations with an AI key in the local Secrets Manager: the
 * handler calls an OpenAI-compatible server (a fake one on loopback), the key
 * never reaches the browser, and Secrets Manager is read once per container.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type TestRuntime, startTestRuntime } from '../support/runtime';
import { type TestUser, api, createUser } from '../support/users';

const API_KEY = 'sk-local-test-key-never-in-the-browser';

describe('recommendations from an OpenAI-compatible server', () => {
  let runtime: TestRuntime;
  let user: TestUser;
  let server: Server;
  const received: Array<{
    authorization: string | undefined;
    body: { model: string; messages: Array<{ role: string; content: string }> };
  }> = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        received.push({ authorization: req.headers.authorization, body: JSON.parse(text) });
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            id: 'chatcmpl-1',
            object: 'chat.completion',
            created: 0,
            model: 'gpt-3.5-turbo',
            choices: [
              {
                index: 0,
                finish_reason: 'stop',
                message: { role: 'assistant', content: 'Consider CISM next.' },
              },
            ],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    runtime = await startTestRuntime('pglite', {
      openAi: { apiKey: API_KEY, baseUrl: `http://127.0.0.1:${port}/v1` },
    });
    user = await createUser(runtime);
    await api(runtime, user.accessToken).post('/api/certifications', {
      certification_name: 'CISA',
      earned_date: '2024-01-01',
      expiry_date: null,
      cpe_needed: 120,
      verification_link: null,
    });
  });
  afterAll(async () => {
    await runtime.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers the model text, sending the names as data with the server-side key', async () => {
    runtime.secrets.calls.reset();
    const first = await api(runtime, user.accessToken).post('/api/recommendations');
    const second = await api(runtime, user.accessToken).post('/api/recommendations');

    expect(first).toMatchObject({
      status: 200,
      body: { text: 'Consider CISM next.', source: 'openai' },
    });
    expect(second.status).toBe(200);
    expect(JSON.stringify(first.body)).not.toContain(API_KEY);
    expect(received[0]?.authorization).toBe(`Bearer ${API_KEY}`);
    expect(received[0]?.body.model).toBe('gpt-3.5-turbo');
    const userMessage = received[0]?.body.messages.find((m) => m.role === 'user');
    expect(userMessage?.content).toContain('CISA');
    // Secrets Manager: at most one call per Lambda container.
    expect(runtime.secrets.calls.total).toBeLessThanOrEqual(1);
  });

  it('never serves the key to the browser', async () => {
    const config = await (await fetch(`${runtime.url}/config.json`)).text();
    expect(config).not.toContain(API_KEY);
  });
});
