/**
 * The local runtime's front door, as an attacker's web page meets it: only
 * the runtime's own host names are answered, the emulated AWS services only
 * answer calls signed with the data folder's key (which is never served),
 * the developer endpoints and the contact form only the runtime's own pages,
 * bodies over AWS's limits are refused the way AWS refuses them without
 * spoiling the connection, and every API answer carries the security
 * headers CloudFront adds in production.
 */
import { readFileSync, statSync } from 'node:fs';
import { Agent } from 'node:http';
import path from 'node:path';
import {
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  ListUsersCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ExecuteStatementCommand, RDSDataClient } from '@aws-sdk/client-rds-data';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createSesMailer } from '@cpe/api/aws/ses';
import { readLocalCredentials } from '@cpe/local';
import { LOCAL_CLUSTER_ARN, LOCAL_SECRET_ARN, dataApiClient, sql } from '../support/data-api';
import { awsFor } from '../support/handler-deps';
import { rawRequest } from '../support/raw-http';
import { type TestRuntime, backendNames, startTestRuntime } from '../support/runtime';

/** The fixed key every local runtime accepted before each data folder had its own. */
const PUBLIC_KEY = { accessKeyId: 'local', secretAccessKey: 'local' };
type Credentials = typeof PUBLIC_KEY;

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

  it('runs no scheduled job for another page, nor for a body that is not JSON', async () => {
    const runs = () => runtime.rdsData.calls.total;
    runtime.rdsData.calls.reset();
    const attempt = (headers: Record<string, string>, body = '{"now":"2031-01-01T08:00:00Z"}') =>
      rawRequest(`${runtime.url}/_dev/schedules/reminder-digest`, {
        method: 'POST',
        headers,
        body,
      });
    const refused = [
      // A no-cors form or fetch from a site on the internet.
      await attempt({
        'content-type': 'text/plain;charset=UTF-8',
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      }),
      // A page on another port of localhost: same site, another origin.
      await attempt({
        'content-type': 'application/json',
        origin: `http://localhost:${Number(port) + 1}`,
        'sec-fetch-site': 'same-site',
      }),
      await attempt({ 'content-type': 'application/json', origin: 'null' }),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403]);
    const plain = await attempt({ 'content-type': 'text/plain' });
    const form = await attempt({ 'content-type': 'application/x-www-form-urlencoded' }, 'now=x');
    expect([plain.status, form.status]).toEqual([415, 415]);
    expect(runs()).toBe(0);

    const own = await attempt({
      'content-type': 'application/json',
      origin: `http://127.0.0.1:${port}`,
      'sec-fetch-site': 'same-origin',
    });
    expect(own.status).toBe(200);
    expect(JSON.parse(own.body)).toMatchObject({ today: '2031-01-01' });
  });

  it("keeps the outbox from other pages, and the contact form from other pages' posts", async () => {
    const crossSite = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const mail = await rawRequest(`${runtime.url}/_dev/mail.json`, { headers: crossSite });
    expect(mail.status).toBe(403);
    expect(mail.headers['cross-origin-resource-policy']).toBe('same-origin');
    const page = await rawRequest(`${runtime.url}/_dev/mail`, {
      headers: { 'sec-fetch-site': 'same-site' },
    });
    expect(page.status).toBe(403);
    const own = await rawRequest(`${runtime.url}/_dev/mail`, {
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(own.status).toBe(200);
    expect(own.headers['content-security-policy']).toContain("frame-ancestors 'none'");

    const message = JSON.stringify({ name: 'Eve', email: 'eve@example.com', message: 'hi' });
    const fromElsewhere = await rawRequest(`${runtime.url}/beta/submit`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', ...crossSite },
      body: message,
    });
    const plainText = await rawRequest(`${runtime.url}/beta/submit`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: message,
    });
    expect([fromElsewhere.status, plainText.status]).toEqual([403, 415]);
    expect(await sql(runtime, 'select count(*)::int as n from contact_messages')).toEqual([
      { n: 0 },
    ]);
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
        // Amplify's operations go unsigned: these credentials are never used.
        credentials: PUBLIC_KEY,
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

describe("the emulators sign-in: the data folder's key, and no other", () => {
  let runtime: TestRuntime;

  beforeAll(async () => {
    runtime = await startTestRuntime('pglite');
  });
  afterAll(async () => {
    await runtime.destroy();
  });

  const endpoint = (service: string) => `${runtime.url}/_aws/${service}`;
  const region = 'ap-southeast-2';
  const clients = (credentials: Credentials) => ({
    rdsData: new RDSDataClient({
      region,
      endpoint: endpoint('rds-data'),
      credentials,
      maxAttempts: 1,
    }),
    secrets: new SecretsManagerClient({
      region,
      endpoint: endpoint('secretsmanager'),
      credentials,
      maxAttempts: 1,
    }),
    cognito: new CognitoIdentityProviderClient({
      region,
      endpoint: endpoint('cognito-idp'),
      credentials,
      maxAttempts: 1,
    }),
    mailer: createSesMailer({ ...awsFor(runtime), credentials }),
  });
  const insertMessage = new ExecuteStatementCommand({
    resourceArn: LOCAL_CLUSTER_ARN,
    secretArn: LOCAL_SECRET_ARN,
    database: 'cpe',
    sql: "insert into contact_messages (name, email, message) values ('x', 'x@example.com', 'x')",
  });
  const mail = {
    from: 'attacker@example.com',
    to: 'victim@example.com',
    subject: 'signed by someone else',
    text: 'x',
  };

  it('is written to the data folder, readable by its owner only, and is what the runtime verifies against', () => {
    const file = path.join(runtime.dataDir, 'aws-credentials.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      accessKeyId: runtime.credentials.accessKeyId,
      secretAccessKey: runtime.credentials.secretAccessKey,
    });
    expect(readLocalCredentials(runtime.dataDir)).toEqual({
      accessKeyId: runtime.credentials.accessKeyId,
      secretAccessKey: runtime.credentials.secretAccessKey,
    });
    expect(runtime.credentials).not.toEqual(PUBLIC_KEY);
  });

  it('is never served over HTTP', async () => {
    const paths = [
      '/',
      '/config.json',
      '/aws-credentials.json',
      '/.data/aws-credentials.json',
      '/_dev/mail',
      '/_dev/mail.json',
      '/_dev/aws-credentials.json',
      '/api/health',
      '/_aws/s3/cpe-local-evidence',
      '/_aws/cognito-idp/ap-southeast-2_LocalPool1/.well-known/jwks.json',
    ];
    for (const p of paths) {
      const answer = await rawRequest(`${runtime.url}${p}`);
      expect({ p, leaked: answer.body.includes(runtime.credentials.secretAccessKey) }).toEqual({
        p,
        leaked: false,
      });
      expect(answer.body).not.toContain(runtime.credentials.accessKeyId);
    }
  });

  it.each([
    ['the public fixed key', () => PUBLIC_KEY, 'UnrecognizedClientException'],
    [
      "the runtime's key id with another secret",
      () => ({ accessKeyId: runtime.credentials.accessKeyId, secretAccessKey: 'guessed' }),
      'InvalidSignatureException',
    ],
  ])(
    'refuses calls signed with %s: no SQL runs, no secret is read, no mail is sent, no admin operation runs',
    async (_name, credentialsOf, refusal) => {
      const outboxBefore = runtime.outbox.list().length;
      runtime.rdsData.calls.reset();
      runtime.secrets.calls.reset();
      const c = clients(credentialsOf());

      await expect(c.rdsData.send(insertMessage)).rejects.toMatchObject({
        name: refusal,
        $metadata: { httpStatusCode: 403 },
      });
      const secret = await c.secrets
        .send(new GetSecretValueCommand({ SecretId: 'cpe-local-reminders' }))
        .catch((error: Error) => error);
      expect(secret).toMatchObject({ name: refusal });
      expect(JSON.stringify(secret)).not.toContain('signingKey');
      await expect(c.mailer.send(mail)).rejects.toMatchObject({ name: refusal });
      await expect(
        c.cognito.send(new ListUsersCommand({ UserPoolId: runtime.userPoolId })),
      ).rejects.toMatchObject({ name: refusal });

      expect(runtime.rdsData.calls.total).toBe(0);
      expect(runtime.secrets.calls.total).toBe(0);
      expect(runtime.outbox.list()).toHaveLength(outboxBefore);
      expect(await sql(runtime, 'select count(*)::int as n from contact_messages')).toEqual([
        { n: 0 },
      ]);
    },
  );

  it("answers calls signed with the runtime's key, each service by its own signing name", async () => {
    const c = clients(runtime.credentials);
    const rows = await c.rdsData.send(
      new ExecuteStatementCommand({
        resourceArn: LOCAL_CLUSTER_ARN,
        secretArn: LOCAL_SECRET_ARN,
        database: 'cpe',
        sql: 'select 1 as one',
        formatRecordsAs: 'JSON',
      }),
    );
    expect(rows.formattedRecords).toBe('[{"one":1}]');
    const secret = await c.secrets.send(
      new GetSecretValueCommand({ SecretId: 'cpe-local-reminders' }),
    );
    expect(JSON.parse(secret.SecretString ?? '{}')).toHaveProperty('signingKey');
    await c.mailer.send({ ...mail, to: 'signed@example.com' });
    expect(runtime.outbox.list().map((m) => m.to)).toContain('signed@example.com');
    // Signed, then refused as an operation the emulator lacks, as AWS authenticates first.
    await expect(
      c.cognito.send(new ListUsersCommand({ UserPoolId: runtime.userPoolId })),
    ).rejects.toMatchObject({ name: 'UnsupportedOperationException' });

    // A valid signature for one service does not open another.
    const secretsAtDataApi = new SecretsManagerClient({
      region,
      endpoint: endpoint('rds-data'),
      credentials: runtime.credentials,
      maxAttempts: 1,
    });
    await expect(
      secretsAtDataApi.send(new GetSecretValueCommand({ SecretId: 'cpe-local-db' })),
    ).rejects.toMatchObject({
      message: "Credential should be scoped to correct service: 'rds-data'.",
      $metadata: { httpStatusCode: 403 },
    });
  });

  it("keeps Amplify's user operations unsigned, and refuses an unsigned admin operation", async () => {
    const unsigned = (operation: string, body: object) =>
      rawRequest(endpoint('cognito-idp'), {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
        },
        body: JSON.stringify(body),
      });
    const admin = await unsigned('AdminDeleteUser', {
      UserPoolId: runtime.userPoolId,
      Username: 'someone@example.com',
    });
    expect([admin.status, (JSON.parse(admin.body) as { __type: string }).__type]).toEqual([
      403,
      'MissingAuthenticationTokenException',
    ]);
    const signUp = await clients(PUBLIC_KEY).cognito.send(
      new SignUpCommand({
        ClientId: runtime.userPoolClientId,
        Username: 'unsigned@example.com',
        Password: 'a long enough password',
        UserAttributes: [{ Name: 'email', Value: 'unsigned@example.com' }],
      }),
    );
    expect(signUp.UserConfirmed).toBe(false);
  });
});

/** One statement through the Data API emulator of `runtime`, with the real SDK client. */
function runIn(runtime: TestRuntime) {
  return (statement: string, formatRecordsAs?: 'JSON') =>
    dataApiClient(runtime).send(
      new ExecuteStatementCommand({
        resourceArn: LOCAL_CLUSTER_ARN,
        secretArn: LOCAL_SECRET_ARN,
        database: 'cpe',
        sql: statement,
        ...(formatRecordsAs ? { formatRecordsAs } : {}),
      }),
    );
}

describe.each(backendNames())("the Data API's size limits on %s", (backend) => {
  let runtime: TestRuntime;
  // The default statement timeout: building 12 MB of JSON may take seconds on a busy machine.
  let run: ReturnType<typeof runIn>;

  beforeAll(async () => {
    runtime = await startTestRuntime(backend);
    run = runIn(runtime);
  });
  afterAll(async () => {
    await runtime.destroy();
  });

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
});

describe.each(backendNames())("the Data API's statement timeout on %s", (backend) => {
  let runtime: TestRuntime;
  let run: ReturnType<typeof runIn>;

  beforeAll(async () => {
    runtime = await startTestRuntime(backend, { dataApiLimits: { statementTimeoutMs: 500 } });
    run = runIn(runtime);
  });
  afterAll(async () => {
    await runtime.destroy();
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
