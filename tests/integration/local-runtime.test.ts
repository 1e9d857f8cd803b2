/**
 * The local runtime as a whole: one port serving config, the gateway, the
 * emulators and the SPA, with state that survives a restart.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import {
  BeginTransactionCommand,
  CommitTransactionCommand,
  ExecuteStatementCommand,
} from '@aws-sdk/client-rds-data';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import {
  LOCAL_CLUSTER_ARN as CLUSTER,
  LOCAL_SECRET_ARN as SECRET,
  dataApiClient,
  sql,
} from '../support/data-api';
import { expected } from '../support/expected';
import { type TestRuntime, backendNames, startTestRuntime } from '../support/runtime';
import { api, createUser, signIn } from '../support/users';

describe.each(backendNames())('local runtime on %s', (backend) => {
  let runtime: TestRuntime;

  beforeAll(async () => {
    // From an empty database: this suite watches the first start migrate it.
    runtime = await startTestRuntime(backend, {}, { migrated: false });
  });
  afterAll(async () => {
    await runtime.destroy();
  });

  it('serves the SPA runtime config', async () => {
    const response = await fetch(`${runtime.url}/config.json`);
    expect(response.status).toBe(200);
    const config = (await response.json()) as Record<string, unknown>;
    expect(config).toEqual(
      expect.objectContaining({
        region: 'ap-southeast-2',
        apiBase: '',
        contactBase: '/beta',
        userPoolEndpoint: `${runtime.url}/_aws/cognito-idp`,
      }),
    );
    expect(Object.keys(config)).toEqual(expect.arrayContaining(['userPoolId', 'userPoolClientId']));
  });

  it('answers /api/health after one database round trip', async () => {
    runtime.rdsData.calls.reset();
    const response = await fetch(`${runtime.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(runtime.rdsData.calls.total).toBe(1);
  });

  it('answers unknown routes and methods like API Gateway', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['DELETE', '/api/health'],
      ['GET', '/beta/submit'],
      ['GET', '/api'],
    ] as const) {
      const response = await fetch(`${runtime.url}${path}`, { method });
      expect({ path, status: response.status }).toEqual({ path, status: 403 });
      expect(await response.json()).toEqual({ message: 'Missing Authentication Token' });
    }
  });

  it('refuses protected routes without a token, before any handler runs', async () => {
    runtime.rdsData.calls.reset();
    const response = await fetch(
      `${runtime.url}/api/certifications/2b1c4a0e-6a57-4c5e-8d7c-1b2a3c4d5e6f`,
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthorized' });
    expect(runtime.rdsData.calls.total).toBe(0);
  });

  it('serves the SPA with security headers and falls back to index.html for client routes', async () => {
    for (const path of ['/', '/mycertifications', '/updateactivity/123']) {
      const response = await fetch(`${runtime.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBeTruthy();
      expect(await response.text()).toContain('<div id="root">');
    }
    const missing = await fetch(`${runtime.url}/assets/missing-file.js`);
    expect(missing.status).toBe(404);
  });

  it('serves Secrets Manager to the real SDK client: ARNs with their random suffix, found by ARN, partial ARN or name', async () => {
    const client = new SecretsManagerClient({
      region: 'ap-southeast-2',
      endpoint: `${runtime.url}/_aws/secretsmanager`,
      credentials: runtime.credentials,
    });
    const secret = await client.send(new GetSecretValueCommand({ SecretId: SECRET }));
    expect(secret.ARN).toMatch(new RegExp(`^${SECRET}-[A-Za-z0-9]{6}$`));
    expect(secret.Name).toBe('cpe-local-db');
    // As RDS keeps a cluster's master user secret: the user and the password.
    expect(Object.keys(JSON.parse(secret.SecretString ?? '{}') as object).sort()).toEqual([
      'password',
      'username',
    ]);
    for (const id of [secret.ARN!, 'cpe-local-db'])
      expect((await client.send(new GetSecretValueCommand({ SecretId: id }))).ARN).toBe(secret.ARN);
    for (const id of [
      'arn:aws:secretsmanager:ap-southeast-2:000000000000:secret:nope',
      `${SECRET}-AAAAAA`,
      'cpe-local',
    ])
      await expect(client.send(new GetSecretValueCommand({ SecretId: id }))).rejects.toMatchObject({
        name: 'ResourceNotFoundException',
        message: "Secrets Manager can't find the specified secret.",
      });
  });

  it('honours VersionStage and VersionId with the errors Secrets Manager answers', async () => {
    const client = new SecretsManagerClient({
      region: 'ap-southeast-2',
      endpoint: `${runtime.url}/_aws/secretsmanager`,
      credentials: runtime.credentials,
    });
    const get = (input: { VersionId?: string; VersionStage?: string }) =>
      client.send(new GetSecretValueCommand({ SecretId: SECRET, ...input }));
    const current = await get({ VersionStage: 'AWSCURRENT' });
    expect(current.VersionStages).toEqual(['AWSCURRENT']);
    expect(current.VersionId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await get({ VersionId: current.VersionId! })).SecretString).toBe(current.SecretString);
    expect(
      (await get({ VersionId: current.VersionId!, VersionStage: 'AWSCURRENT' })).VersionId,
    ).toBe(current.VersionId);

    await expect(get({ VersionStage: 'AWSPREVIOUS' })).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
      message:
        "Secrets Manager can't find the specified secret value for staging label: AWSPREVIOUS",
      $metadata: { httpStatusCode: 400 },
    });
    await expect(get({ VersionStage: 'AWSPENDING' })).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
    });
    const otherVersion = '00000000-0000-4000-8000-000000000000';
    await expect(get({ VersionId: otherVersion })).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
      message: `Secrets Manager can't find the specified secret value for VersionId: ${otherVersion}`,
    });
    await expect(
      get({ VersionId: current.VersionId!, VersionStage: 'AWSPREVIOUS' }),
    ).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
  });

  it("connects a Data API call without a database to the secret user's database, as Aurora does: the app's tables are not there", async () => {
    const client = dataApiClient(runtime);
    const target = { resourceArn: CLUSTER, secretArn: SECRET };
    const refused = {
      name: 'DatabaseErrorException',
      message: 'ERROR: database "cpe_admin" does not exist; SQLState: 3D000',
      $metadata: { httpStatusCode: 400 },
    };
    await expect(
      client.send(new ExecuteStatementCommand({ ...target, sql: 'select count(*) from users' })),
    ).rejects.toMatchObject(refused);
    await expect(
      client.send(
        new ExecuteStatementCommand({ ...target, database: '', sql: 'select count(*) from users' }),
      ),
    ).rejects.toMatchObject(refused);
    await expect(client.send(new BeginTransactionCommand(target))).rejects.toMatchObject(refused);

    // Named, the database answers; in a transaction, calls run on the transaction's connection.
    const { transactionId } = await client.send(
      new BeginTransactionCommand({ ...target, database: 'cpe' }),
    );
    const inside = await client.send(
      new ExecuteStatementCommand({
        ...target,
        transactionId,
        sql: 'select count(*)::int as n from users',
        formatRecordsAs: 'JSON',
      }),
    );
    expect(JSON.parse(inside.formattedRecords ?? '[]')).toEqual([{ n: expected.any(Number) }]);
    await client.send(new CommitTransactionCommand({ ...target, transactionId }));
  });

  it("accepts the database secret's full ARN (what the functions are given) and its partial ARN, and no other", async () => {
    const client = dataApiClient(runtime);
    const full = runtime.secrets.arnOf('cpe-local-db');
    expect(full).toMatch(new RegExp(`^${SECRET}-[A-Za-z0-9]{6}$`));
    const run = (secretArn: string) =>
      client.send(
        new ExecuteStatementCommand({
          resourceArn: CLUSTER,
          secretArn,
          database: 'cpe',
          sql: 'select 1 as one',
          formatRecordsAs: 'JSON',
        }),
      );
    expect((await run(full)).formattedRecords).toBe('[{"one":1}]');
    expect((await run(SECRET)).formattedRecords).toBe('[{"one":1}]');
    await expect(run(`${SECRET}-AAAAAA`)).rejects.toMatchObject({ name: 'SecretsErrorException' });
  });

  it('has an empty outbox to begin with', async () => {
    const response = await fetch(`${runtime.url}/_dev/mail.json`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
    const page = await fetch(`${runtime.url}/_dev/mail`);
    expect(await page.text()).toContain('No email sent yet');
  });

  it('keeps data written through the Data API, users and keys across a restart, and migrates only once', async () => {
    await sql(
      runtime,
      'insert into contact_messages (name, email, message) values (:name, :email, :message)',
      { name: 'Ada', email: 'ada@example.com', message: "it's: ::kept" },
    );

    const user = await createUser(runtime);
    const { accessKeyId, secretAccessKey } = runtime.credentials;

    runtime = await runtime.restart();
    // The data folder keeps its access key: tools signing with it go on working.
    expect(runtime.credentials).toMatchObject({ accessKeyId, secretAccessKey });

    // The user pool and its signing keys survive too: old tokens still verify, sign-in still works.
    const me = `/api/users/${encodeURIComponent(user.email)}`;
    expect((await api(runtime, user.accessToken).get(me)).status).toBe(200);
    const fresh = await signIn(runtime, user.email, user.password);
    expect((await api(runtime, fresh.accessToken).get(me)).body).toMatchObject({
      user_id: user.userId,
    });

    expect(await sql(runtime, 'select name, message from contact_messages')).toEqual([
      { name: 'Ada', message: "it's: ::kept" },
    ]);
    // Each migration applied once, none twice.
    expect(await sql(runtime, 'select version from schema_migrations order by version')).toEqual(
      readdirSync(path.resolve(__dirname, '../../packages/api/migrations'))
        .filter((f) => f.endsWith('.sql'))
        .sort()
        .map((f) => ({ version: f.replace(/\.sql$/, '') })),
    );
    const health = await fetch(`${runtime.url}/api/health`);
    expect(health.status).toBe(200);
  });
});

describe('two local runtimes in one process', () => {
  let first: TestRuntime;
  let second: TestRuntime;
  const envBefore = { ...process.env };

  beforeAll(async () => {
    [first, second] = await Promise.all([
      startTestRuntime('pglite'),
      startTestRuntime(backendNames().includes('postgres') ? 'postgres' : 'pglite'),
    ]);
  });
  afterAll(async () => {
    await Promise.all([first?.destroy(), second?.destroy()]);
  });

  it('run side by side on their own ports, data dirs, pools and databases', async () => {
    expect(first.url).not.toBe(second.url);
    expect(first.dataDir).not.toBe(second.dataDir);
    // Each data folder has its own key, which the other runtime does not know.
    expect(first.credentials.accessKeyId).not.toBe(second.credentials.accessKeyId);
    await expect(
      sql({ url: second.url, credentials: first.credentials }, 'select 1'),
    ).rejects.toMatchObject({ name: 'UnrecognizedClientException' });

    const ada = await createUser(first);
    const bob = await createUser(second);
    const cert = {
      certification_name: 'CISSP',
      earned_date: '2024-01-15',
      expiry_date: '2027-01-15',
      cpe_needed: 120,
      verification_link: null,
    };
    expect((await api(first, ada.accessToken).post('/api/certifications', cert)).status).toBe(201);

    // Each runtime's handlers talk to its own emulators: bob's database has no certification,
    // and each pool signs its own tokens, which the other runtime refuses.
    expect(
      (await api(second, bob.accessToken).get(`/api/certifications/${bob.userId}`)).body,
    ).toEqual([]);
    expect((await sql(first, 'select count(*)::int as n from certifications'))[0]).toEqual({
      n: 1,
    });
    expect((await sql(second, 'select count(*)::int as n from certifications'))[0]).toEqual({
      n: 0,
    });
    expect(
      (await api(second, ada.accessToken).get(`/api/certifications/${ada.userId}`)).status,
    ).toBe(401);
    expect(first.outbox.list().map((m) => m.to)).toEqual([ada.email]);
    expect(second.outbox.list().map((m) => m.to)).toEqual([bob.email]);
  });

  it('leave process.env as they found it', () => {
    expect(process.env).toEqual(envBefore);
  });
});
