/**
 * The local runtime's front door, as an attacker's web page meets it: only
 * the runtime's own host names are answered, the emulated AWS services only
 * answer requests shaped like the SDK's, bodies over AWS's limits are refused
 * the way AWS refuses them without spoiling the connection, and every API
 * answer carries the security headers CloudFront adds in production.
 */
import { Agent } from 'node:http';
import {
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  ResendConfirmationCodeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ExecuteStatementCommand } from '@aws-sdk/client-rds-data';
import { LOCAL_CLUSTER_ARN, LOCAL_SECRET_ARN, dataApiClient, sql } from '../support/data-api';
import { rawRequest } from '../support/raw-http';
import { type TestRuntime, backendNames, startTestRuntime } from '../support/runtime';

const SECURITY_HEADERS = [
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
];

describe('the front door of the local runtime', () => {
  let runtime: TestRuntime;
  let port: string;

  beforeAll(async () => {
    runtime = await startTestRuntime('pglite');
    port = new URL(runtime.url).port;
  });
  afterAll(async () => {
    await runtime.destroy();
  });

  it.each([
    '/',
    '/config.json',
    '/api/health',
    '/beta/submit',
    '/_dev/mail.json',
    '/_aws/rds-data/Execute',
  ])('refuses a request naming another host (DNS rebinding) on %s', async (path) => {
    const answer = await rawRequest(`${runtime.url}${path}`, {
      method: path.startsWith('/_aws') || path === '/beta/submit' ? 'POST' : 'GET',
      headers: { host: `evil.example:${port}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(answer.status).toBe(403);
    expect(answer.body).not.toContain('evil.example:');
  });

  it("builds /config.json from the runtime's own origin, never from what the request names", async () => {
    const own = await rawRequest(`${runtime.url}/config.json`, {
      headers: { host: `localhost:${port}` },
    });
    expect(JSON.parse(own.body)).toMatchObject({
      userPoolEndpoint: `http://localhost:${port}/_aws/cognito-idp`,
    });
    const viaLoopback = await rawRequest(`${runtime.url}/config.json`, {
      headers: { host: `127.0.0.1:${port}` },
    });
    expect(JSON.parse(viaLoopback.body)).toMatchObject({
      userPoolEndpoint: `http://127.0.0.1:${port}/_aws/cognito-idp`,
    });
    const forged = await rawRequest(`${runtime.url}/config.json`, {
      headers: { host: `localhost.evil.example:${port}` },
    });
    expect(forged.status).toBe(403);
  });

  it('runs no SQL for a no-cors text/plain POST carrying the public ARNs', async () => {
    runtime.rdsData.calls.reset();
    const body = JSON.stringify({
      resourceArn: LOCAL_CLUSTER_ARN,
      secretArn: LOCAL_SECRET_ARN,
      sql: "insert into contact_messages (name, email, message) values ('x', 'x@example.com', 'x')",
    });
    const plain = await rawRequest(`${runtime.url}/_aws/rds-data/Execute`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: 'https://evil.example' },
      body,
    });
    expect(plain.status).toBeGreaterThanOrEqual(400);
    expect(plain.headers['x-amzn-errortype']).toBeDefined();
    const unsigned = await rawRequest(`${runtime.url}/_aws/rds-data/Execute`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(unsigned.status).toBe(403);
    expect(unsigned.headers['x-amzn-errortype']).toBe('MissingAuthenticationTokenException');
    expect(runtime.rdsData.calls.total).toBe(0);
    expect(await sql(runtime, 'select count(*)::int as n from contact_messages')).toEqual([
      { n: 0 },
    ]);
  });

  it('refuses unsigned or mistyped calls to Secrets Manager and SES, and plain-text calls to Cognito', async () => {
    const secrets = await rawRequest(`${runtime.url}/_aws/secretsmanager`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'secretsmanager.GetSecretValue',
      },
      body: JSON.stringify({ SecretId: LOCAL_SECRET_ARN }),
    });
    expect(secrets.status).toBe(403);
    expect(secrets.body).not.toContain('password');
    const ses = await rawRequest(`${runtime.url}/_aws/ses/v2/email/outbound-emails`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(ses.status).toBeGreaterThanOrEqual(400);
    const cognito = await rawRequest(`${runtime.url}/_aws/cognito-idp`, {
      method: 'POST',
      headers: {
        'content-type': 'text/plain',
        'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp',
      },
      body: '{}',
    });
    expect(cognito.status).toBe(415);
    expect(JSON.parse(cognito.body)).toMatchObject({ __type: 'UnsupportedMediaTypeException' });
  });

  it("answers a body over API Gateway's 10 MB with 413 and closes that connection, and the next request is served", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const big = Buffer.alloc(10 * 1024 * 1024 + 1, 'a');
      for (const chunked of [false, true]) {
        const refused = await rawRequest(`${runtime.url}/beta/submit`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: big,
          chunked,
          agent,
        });
        expect({ chunked, status: refused.status }).toEqual({ chunked, status: 413 });
        expect(JSON.parse(refused.body)).toEqual({ message: 'Request Too Long' });
        expect(refused.headers.connection).toBe('close');
        const next = await rawRequest(`${runtime.url}/api/health`, { agent });
        expect(next.status).toBe(200);
      }
    } finally {
      agent.destroy();
    }
  });

  it.each([
    ['GET', '/api/health', undefined],
    ['GET', '/api/certifications/00000000-0000-4000-8000-000000000000', undefined],
    ['POST', '/beta/submit', '{}'],
    ['GET', '/api/nope', undefined],
  ])('adds the production security headers to %s %s', async (method, path, body) => {
    const response = await fetch(`${runtime.url}${path}`, {
      method,
      ...(body ? { body, headers: { 'content-type': 'application/json' } } : {}),
    });
    for (const header of SECURITY_HEADERS) expect(response.headers.get(header)).toBeTruthy();
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'])(
    'answers a prototype-named username (%s) like any unknown user, never a 500',
    async (username) => {
      const cognito = new CognitoIdentityProviderClient({
        region: 'ap-southeast-2',
        endpoint: `${runtime.url}/_aws/cognito-idp`,
        credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      });
      const ClientId = runtime.userPoolClientId;
      const outcomes = async (name: string) =>
        Promise.all(
          [
            new ForgotPasswordCommand({ ClientId, Username: name }),
            new ResendConfirmationCodeCommand({ ClientId, Username: name }),
            new ConfirmSignUpCommand({ ClientId, Username: name, ConfirmationCode: '123456' }),
            new ConfirmForgotPasswordCommand({
              ClientId,
              Username: name,
              ConfirmationCode: '123456',
              Password: 'a new password',
            }),
          ].map((command) =>
            cognito.send(command as never).then(
              () => 'ok',
              (error: Error) => error.name,
            ),
          ),
        );
      const seen = await outcomes(username);
      expect(seen).not.toContain('InternalErrorException');
      expect(seen).toEqual(await outcomes('nobody-at-all@example.com'));
    },
  );
});

describe.each(backendNames())("the Data API's limits on %s", (backend) => {
  let runtime: TestRuntime;

  beforeAll(async () => {
    runtime = await startTestRuntime(backend, { dataApiLimits: { statementTimeoutMs: 500 } });
  });
  afterAll(async () => {
    await runtime.destroy();
  });

  async function run(statement: string, formatRecordsAs?: 'JSON') {
    return dataApiClient(runtime).send(
      new ExecuteStatementCommand({
        resourceArn: LOCAL_CLUSTER_ARN,
        secretArn: LOCAL_SECRET_ARN,
        database: 'cpe',
        sql: statement,
        ...(formatRecordsAs ? { formatRecordsAs } : {}),
      }),
    );
  }

  it('refuses a row over 64 KB', async () => {
    await expect(run("select repeat('x', 70000) as big")).rejects.toMatchObject({
      name: 'BadRequestException',
    });
  });

  it('refuses a response over 1 MiB, and over 10 MB as JSON', async () => {
    await expect(
      run("select repeat('x', 1000) from generate_series(1, 1200)"),
    ).rejects.toMatchObject({
      name: 'BadRequestException',
    });
    const json = await run("select repeat('x', 1000) as x from generate_series(1, 1200)", 'JSON');
    expect(JSON.parse(json.formattedRecords ?? '[]')).toHaveLength(1200);
    await expect(
      run("select repeat('x', 60000) as x from generate_series(1, 200)", 'JSON'),
    ).rejects.toMatchObject({ name: 'BadRequestException' });
  });

  it('ends a call past the statement timeout with StatementTimeoutException, and recovers by itself', async () => {
    await expect(run('select pg_sleep(2)')).rejects.toMatchObject({
      name: 'StatementTimeoutException',
    });
    // PostgreSQL cancels the statement; PGlite (one session, no timer) lets it finish first.
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        const answer = await run('select 1 as one', 'JSON');
        expect(answer.formattedRecords).toBe('[{"one":1}]');
        break;
      } catch (error) {
        expect(error).toMatchObject({ name: 'StatementTimeoutException' });
        if (Date.now() > deadline) throw error;
      }
    }
  }, 20_000);
});
