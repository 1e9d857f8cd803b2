/**
 * POST /api/recommendations with an AI key in the local Secrets Manager: the
 * handler calls an OpenAI-compatible server (a fake one on loopback) through
 * the openai package, the key never reaches the browser or the log, every
 * provider failure ends in the catalogue's answer, and the shipped bundle
 * loads the OpenAI client only when a call has a key.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { LOCAL_OPENAI_SECRET_ARN } from '@cpe/local';
import { LOCAL_CLUSTER_ARN, LOCAL_SECRET_ARN } from '../support/data-api';
import { functionLog } from '../support/function-log';
import {
  DEFAULT_COMPLETION_TEXT,
  type FakeOpenAi,
  completionBody,
  reply,
  startFakeOpenAi,
} from '../support/openai-server';
import { type TestRuntime, startTestRuntime } from '../support/runtime';
import { expected } from '../support/expected';
import { type TestUser, api, createUser } from '../support/users';

const run = promisify(execFile);

const API_KEY = 'sk-local-test-key-never-in-the-browser';
const PROVIDER_TEXT = `Incorrect API key provided: ${API_KEY}. You can find your API key at ...`;

let fake: FakeOpenAi;
let runtime: TestRuntime;
let user: TestUser;
const log = functionLog();

beforeAll(async () => {
  fake = await startFakeOpenAi();
  runtime = await startTestRuntime('pglite', {
    openAi: { apiKey: API_KEY, baseUrl: fake.baseURL },
    // The tests read the function's log as its container writes it.
    lambda: 'workers',
    log: log.sink,
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
  await fake.close();
});

beforeEach(() => {
  fake.reset();
  log.clear();
});

/** The function's entry for an AI call that failed, as the Logger writes it in a Lambda container. */
const aiFailure = (failure: Record<string, unknown>) =>
  expected.objectContaining({
    level: 'WARN',
    message: 'AI recommendation failed; answering from the catalogue',
    service: 'cpe-tracker',
    function_name: 'cpe-local-recommendations',
    function_request_id: expected.any(String),
    requestId: expected.any(String),
    model: 'gpt-4o-mini',
    ...failure,
  });

describe('recommendations from an OpenAI-compatible server', () => {
  /** What the recommendations function logged: the Logger's JSON lines. */
  const logged = (expected?: number) => log.entries('recommendations', expected);

  const recommend = () => api(runtime, user.accessToken).post('/api/recommendations');

  it('answers the model text, sending the names as data with the server-side key', async () => {
    runtime.secrets.calls.reset();

    const first = await recommend();
    const second = await recommend();

    expect(first).toMatchObject({
      status: 200,
      body: { text: DEFAULT_COMPLETION_TEXT, source: 'openai' },
    });
    expect(second.status).toBe(200);
    expect(JSON.stringify(first.body)).not.toContain(API_KEY);
    expect(fake.requests).toHaveLength(2);
    const [request] = fake.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request?.body.model).toBe('gpt-4o-mini');
    expect(request?.body.messages?.map((m) => m.role)).toEqual(['system', 'user']);
    expect(request?.body.messages?.[1]?.content).toContain('["CISA"]');
    // Grounded in the catalogue: CISA's next steps are offered to the model as data.
    expect(request?.body.messages?.[1]?.content).toMatch(/<catalogue>\n\[\{"name":"CISM",/);
    expect(first.body).toMatchObject({ entries: ['isaca-cism'] });
    // Secrets Manager: at most one call per Lambda container.
    expect(runtime.secrets.calls.total).toBeLessThanOrEqual(1);
    expect(await logged()).toEqual([]);
  });

  it('waits as a rate limit asks, retries once and answers the model text', async () => {
    fake.queue(
      reply.error(429, { code: 'rate_limit_exceeded' }, { 'retry-after-ms': '50' }),
      reply.completion('1. CCSP'),
    );

    const answer = await recommend();

    expect(answer.body).toEqual({ text: '1. CCSP', source: 'openai', entries: ['isc2-ccsp'] });
    expect(fake.requests).toHaveLength(2);
    expect(await logged()).toEqual([]);
  });

  it('answers from the catalogue when a rate limit asks for a longer wait than a request has', async () => {
    fake.queue(reply.error(429, { code: 'rate_limit_exceeded' }, { 'retry-after': '20' }));

    const started = Date.now();
    const answer = await recommend();

    expect(Date.now() - started).toBeLessThan(5_000);
    expect(answer.body).toMatchObject({ source: 'catalogue' });
    expect(fake.requests).toHaveLength(1);
    expect(await logged(1)).toEqual([
      aiFailure({ error: 'RateLimitError', status: 429, code: 'rate_limit_exceeded' }),
    ]);
  });

  it('retries a server error once, then answers from the catalogue', async () => {
    fake.queue(
      reply.error(500, { message: 'upstream exploded' }),
      reply.error(500, { message: 'upstream exploded' }),
    );

    const answer = await recommend();

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ source: 'catalogue' });
    expect((answer.body as { text: string }).text).toContain('CISM');
    expect(fake.requests).toHaveLength(2);
    expect(await logged(1)).toEqual([aiFailure({ error: 'InternalServerError', status: 500 })]);
  });

  it('answers from the catalogue on a rejected key, with neither the key nor the provider text in the answer or the log', async () => {
    fake.queue(
      reply.error(401, {
        message: PROVIDER_TEXT,
        type: 'invalid_request_error',
        code: 'invalid_api_key',
      }),
    );

    const answer = await recommend();

    expect(answer.body).toMatchObject({ source: 'catalogue' });
    expect(fake.requests).toHaveLength(1);
    expect(await logged(1)).toEqual([
      aiFailure({ error: 'AuthenticationError', status: 401, code: 'invalid_api_key' }),
    ]);
    const everything = JSON.stringify(answer) + log.text();
    expect(everything).not.toContain(API_KEY);
    expect(everything).not.toContain('Incorrect API key');
  });

  it.each([
    ['malformed JSON', reply.raw(200, 'application/json', '{"choices": [')],
    ['no choices', reply.json(200, { ...completionBody('x'), choices: [] })],
    ['empty content', reply.completion('  ')],
    ['a body that is not JSON', reply.raw(200, 'text/plain', 'Consider CISM next.')],
  ])('answers from the catalogue when the model answers %s', async (_, answerWith) => {
    fake.queue(answerWith);

    const answer = await recommend();

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ source: 'catalogue' });
    expect(fake.requests).toHaveLength(1);
    expect(await logged(1)).toEqual([aiFailure({ error: 'UnexpectedAnswerError' })]);
  });

  it('never serves the key to the browser', async () => {
    const config = await (await fetch(`${runtime.url}/config.json`)).text();
    expect(config).not.toContain(API_KEY);
  });
});

describe('the recommendations bundle, as Lambda loads it', () => {
  const bundleScript = path.resolve(__dirname, '../../packages/api/scripts/bundle.mjs');
  let outdir: string;
  let bundleDir: string;

  beforeAll(async () => {
    // A directory of its own: other suites read packages/api/dist meanwhile.
    outdir = mkdtempSync(path.join(tmpdir(), 'cpe-bundle-'));
    bundleDir = path.join(outdir, 'recommendations');
    await run(process.execPath, [bundleScript, '--outdir', outdir, 'recommendations']);
  });
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  /** The Cognito `sub` the authorizer would put in the event: the access token's subject. */
  function subOf(token: string): string {
    const payload = token.split('.')[1] ?? '';
    return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string }).sub;
  }

  /**
   * Runs the bundle in a fresh Node process with the environment the stack
   * gives the function, pointed at the local emulators, and invokes it once.
   * Answers its result, its log (stderr), and the bundle's files Node had
   * loaded after the module load and after the call.
   */
  async function invoke(env: Record<string, string>) {
    const event = {
      resource: '/api/recommendations',
      path: '/api/recommendations',
      httpMethod: 'POST',
      headers: {},
      multiValueHeaders: {},
      queryStringParameters: null,
      multiValueQueryStringParameters: null,
      pathParameters: null,
      stageVariables: null,
      body: null,
      isBase64Encoded: false,
      requestContext: {
        requestId: 'bundle-req-1',
        identity: { sourceIp: '127.0.0.1' },
        authorizer: { claims: { sub: subOf(user.accessToken) } },
      },
    };
    const script = `
      const path = require('node:path');
      const [dir, event] = process.argv.slice(1);
      const loaded = () =>
        Object.keys(require.cache).filter((f) => f.startsWith(dir)).map((f) => path.basename(f)).sort();
      const { handler } = require(path.join(dir, 'index.js'));
      const atLoad = loaded();
      handler(JSON.parse(event)).then((result) =>
        process.stdout.write(JSON.stringify({ atLoad, afterCall: loaded(), result })),
      );
    `;
    const { stdout, stderr } = await run(
      process.execPath,
      ['-e', script, bundleDir, JSON.stringify(event)],
      {
        env: {
          PATH: process.env.PATH ?? '',
          AWS_REGION: 'ap-southeast-2',
          AWS_ACCESS_KEY_ID: runtime.credentials.accessKeyId,
          AWS_SECRET_ACCESS_KEY: runtime.credentials.secretAccessKey,
          AWS_ENDPOINT_URL_RDS_DATA: `${runtime.url}/_aws/rds-data`,
          AWS_ENDPOINT_URL_SECRETS_MANAGER: `${runtime.url}/_aws/secretsmanager`,
          DB_CLUSTER_ARN: LOCAL_CLUSTER_ARN,
          DB_SECRET_ARN: LOCAL_SECRET_ARN,
          DB_NAME: 'cpe',
          OPENAI_BASE_URL: fake.baseURL,
          ...env,
        },
      },
    );
    const out = JSON.parse(stdout) as {
      atLoad: string[];
      afterCall: string[];
      result: { statusCode: number; body: string };
    };
    // The function's log lines are JSON; Node's warnings on stderr are not.
    const logged = stderr
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    return { ...out, body: JSON.parse(out.result.body) as unknown, log: stderr, logged };
  }

  it('ships the openai package in a file of its own beside index.js', () => {
    const meta = JSON.parse(readFileSync(path.join(bundleDir, 'meta.json'), 'utf8')) as {
      outputs: Record<string, { inputs: Record<string, unknown> }>;
    };
    const inputsOf = (file: string) => {
      const output = Object.entries(meta.outputs).find(([name]) => name.endsWith(`/${file}`));
      if (!output) throw new Error(`meta.json has no output ${file}`);
      return Object.keys(output[1].inputs);
    };
    const fromOpenAi = (inputs: string[]) =>
      inputs.filter((i) => i.includes('node_modules/openai/'));

    expect(fromOpenAi(inputsOf('index.js'))).toEqual([]);
    expect(fromOpenAi(inputsOf('openai-sdk.js')).length).toBeGreaterThan(0);
    expect(readFileSync(path.join(bundleDir, 'index.js'), 'utf8')).toContain(
      'require("./openai-sdk.js")',
    );
  });

  it('loads the OpenAI client on the first call with a key, and answers the model text', async () => {
    const out = await invoke({ OPENAI_SECRET_ARN: LOCAL_OPENAI_SECRET_ARN });

    expect(out.atLoad).toEqual(['index.js']);
    // The catalogue grounds the prompt: it loads with the first call, as the client does.
    expect(out.afterCall).toEqual(['catalogue-text.js', 'index.js', 'openai-sdk.js']);
    expect(out.result.statusCode).toBe(200);
    expect(out.body).toEqual({
      text: DEFAULT_COMPLETION_TEXT,
      source: 'openai',
      entries: ['isaca-cism'],
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.authorization).toBe(`Bearer ${API_KEY}`);
    expect(fake.requests[0]?.body.messages?.[1]?.content).toContain('["CISA"]');
  });

  it('logs a rejected key by its class and status only', async () => {
    fake.queue(reply.error(401, { message: PROVIDER_TEXT, code: 'invalid_api_key' }));

    const out = await invoke({ OPENAI_SECRET_ARN: LOCAL_OPENAI_SECRET_ARN });

    expect(out.body).toMatchObject({ source: 'catalogue' });
    // Minified, classes have short names: the log must still say what happened.
    expect(out.logged).toEqual([
      expect.objectContaining({
        level: 'WARN',
        message: 'AI recommendation failed; answering from the catalogue',
        error: 'AuthenticationError',
        status: 401,
        code: 'invalid_api_key',
      }),
    ]);
    expect(out.log).not.toContain(API_KEY);
    expect(out.log).not.toContain('Incorrect API key');
  });

  it('never loads the OpenAI client without a key', async () => {
    const out = await invoke({});

    expect(out.afterCall).toContain('index.js');
    expect(out.afterCall).not.toContain('openai-sdk.js');
    expect(out.body).toMatchObject({ source: 'catalogue' });
    expect(fake.requests).toHaveLength(0);
  });
});
