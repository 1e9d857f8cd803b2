/**
 * json-client.ts against the real SDK clients it stands in for: the same
 * request on the wire (path, headers, body, a SigV4 signature an independent
 * check accepts), the same output and the same errors from the same answer,
 * and the SDK's standard retries.
 */
import { createHash, createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ExecuteStatementCommand, RDSDataClient } from '@aws-sdk/client-rds-data';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { DependencyTimeoutError, DependencyUnavailableError } from '../errors';
import { dataApiSender } from './data-api';
import {
  type AwsJsonClient,
  type Exchange,
  type JsonClientOptions,
  type WireRequest,
  type WireResponse,
  RETRY,
  createJsonClient,
  defaultEndpoint,
} from './json-client';
import { secretsManagerSender } from './secrets';

const REGION = 'ap-southeast-2';
const CREDENTIALS = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG' };
const ENDPOINT = 'http://127.0.0.1:3000/_aws/rds-data';
const EXECUTE = {
  resourceArn: 'arn:aws:rds:ap-southeast-2:000000000000:cluster:c',
  secretArn: 'arn:aws:secretsmanager:ap-southeast-2:000000000000:secret:s',
  database: 'cpe',
  sql: 'select :a as n',
  parameters: [{ name: 'a', value: { longValue: 7 } }],
  formatRecordsAs: 'JSON' as const,
};

const text = (body: Uint8Array) => Buffer.from(body).toString('utf8');

function answer(status: number, body: object, headers: Record<string, string> = {}): WireResponse {
  return {
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body: Buffer.from(JSON.stringify(body)),
  };
}

/** An exchange that records each request and answers the next of `answers` (the last repeats). */
function recording(answers: Array<WireResponse | Error>): Exchange & { seen: WireRequest[] } {
  const seen: WireRequest[] = [];
  const exchange = async (request: WireRequest) => {
    seen.push(request);
    const next = answers.length > 1 ? answers.shift() : answers[0];
    if (!next) throw new Error('no answer');
    if (next instanceof Error) throw next;
    return next;
  };
  return Object.assign(exchange, { seen });
}

/** The SDK's node handler interface, recording what the real client sends. */
function sdkHandler(response: WireResponse, seen: WireRequest[]) {
  return {
    metadata: { handlerProtocol: 'http/1.1' },
    async handle(request: {
      method: string;
      path: string;
      headers: Record<string, string>;
      body?: string | Uint8Array;
    }) {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers))
        headers[name.toLowerCase()] = value;
      seen.push({
        method: request.method,
        target: request.path,
        headers,
        // The SDK's body is a Uint8Array with string methods: read its bytes, not its text.
        body:
          request.body instanceof Uint8Array
            ? Buffer.from(request.body.buffer, request.body.byteOffset, request.body.byteLength)
            : Buffer.from(request.body ?? ''),
      });
      const { Readable } = await import('node:stream');
      return {
        response: {
          statusCode: response.status,
          headers: response.headers,
          body: Readable.from([Buffer.from(response.body)]),
        },
      };
    },
    updateHttpClientConfig() {},
    httpHandlerConfigs: () => ({}),
    destroy() {},
  };
}

/**
 * SigV4 as AWS documents it (Signature Version 4 signing process), written
 * here apart from the signer: the signature `request` carries for its own
 * signed headers.
 */
function expectedSignature(request: WireRequest, service: string, secret: string): string {
  const auth = request.headers.authorization ?? '';
  const [, scope, signedHeaders] =
    /Credential=[^/]+\/([^,]+), SignedHeaders=([^,]+), Signature=/.exec(auth) ?? [];
  if (!scope || !signedHeaders) throw new Error(`not a SigV4 header: ${auth}`);
  const [date, region, scopeService] = scope.split('/');
  expect(region).toBe(REGION);
  expect(scopeService).toBe(service);
  const names = signedHeaders.split(';');
  const canonical = [
    request.method,
    request.target.split('?')[0],
    '',
    ...names.map((n) => `${n}:${(request.headers[n] ?? '').trim()}`),
    '',
    signedHeaders,
    createHash('sha256').update(request.body).digest('hex'),
  ].join('\n');
  const toSign = [
    'AWS4-HMAC-SHA256',
    request.headers['x-amz-date'],
    scope,
    createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  let key: Buffer = createHmac('sha256', `AWS4${secret}`)
    .update(date ?? '')
    .digest();
  for (const part of [region, service, 'aws4_request'])
    key = createHmac('sha256', key)
      .update(part ?? '')
      .digest();
  return createHmac('sha256', key).update(toSign).digest('hex');
}

const signatureOf = (request: WireRequest) =>
  /Signature=([0-9a-f]+)$/.exec(request.headers.authorization ?? '')?.[1];

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

const noSleep = async () => undefined;

/** A Data API client at ENDPOINT with test credentials, sleeping no back-off unless told. */
function dataApiClient(options: Partial<JsonClientOptions>) {
  return createJsonClient({
    dependency: 'rdsData',
    service: 'rds-data',
    region: REGION,
    endpoint: ENDPOINT,
    credentials: CREDENTIALS,
    sleep: noSleep,
    ...options,
  });
}

/** One ExecuteStatement call of `client`. */
const execute = (client: AwsJsonClient) =>
  client({ path: '/Execute', headers: {}, input: EXECUTE });

describe('the Data API over json-client', () => {
  const records = [{ n: 7 }];
  const ok = answer(200, { formattedRecords: JSON.stringify(records), numberOfRecordsUpdated: 0 });

  it('sends what the SDK sends: path, content type, host and body', async () => {
    const sdkSeen: WireRequest[] = [];
    const sdk = new RDSDataClient({
      region: REGION,
      endpoint: ENDPOINT,
      credentials: CREDENTIALS,
      requestHandler: sdkHandler(ok, sdkSeen),
    });
    const exchange = recording([ok]);
    const sender = dataApiSender({
      region: REGION,
      endpoints: { rdsData: ENDPOINT },
      credentials: CREDENTIALS,
      exchangeFor: () => exchange,
    });

    const fromSdk = await sdk.send(new ExecuteStatementCommand(EXECUTE));
    const fromClient = (await sender.send({ operation: 'ExecuteStatement', input: EXECUTE })) as {
      formattedRecords?: string;
    };

    const [theirs] = sdkSeen as [WireRequest];
    const [ours] = exchange.seen as [WireRequest];
    expect(ours.method).toBe(theirs.method);
    expect(ours.target).toBe(theirs.target);
    expect(ours.target).toBe('/_aws/rds-data/Execute');
    for (const header of ['host', 'content-type', 'content-length'])
      expect(ours.headers[header]).toBe(theirs.headers[header]);
    expect(JSON.parse(text(ours.body))).toEqual(JSON.parse(text(theirs.body)));
    expect(fromClient.formattedRecords).toBe(fromSdk.formattedRecords);
    expect(fromClient).toMatchObject({ $metadata: { httpStatusCode: 200, attempts: 1 } });
  });

  it('signs with SigV4 for rds-data: an independent check accepts its signature and the SDK’s alike', async () => {
    const sdkSeen: WireRequest[] = [];
    const sdk = new RDSDataClient({
      region: REGION,
      endpoint: ENDPOINT,
      credentials: { ...CREDENTIALS, sessionToken: 'token-1' },
      requestHandler: sdkHandler(ok, sdkSeen),
    });
    const exchange = recording([ok]);
    const sender = dataApiSender({
      region: REGION,
      endpoints: { rdsData: ENDPOINT },
      credentials: { ...CREDENTIALS, sessionToken: 'token-1' },
      exchangeFor: () => exchange,
    });

    await sdk.send(new ExecuteStatementCommand(EXECUTE));
    await sender.send({ operation: 'ExecuteStatement', input: EXECUTE });

    const [theirs] = sdkSeen as [WireRequest];
    const [ours] = exchange.seen as [WireRequest];
    expect(signatureOf(theirs)).toBe(
      expectedSignature(theirs, 'rds-data', CREDENTIALS.secretAccessKey),
    );
    expect(signatureOf(ours)).toBe(
      expectedSignature(ours, 'rds-data', CREDENTIALS.secretAccessKey),
    );
    expect(ours.headers['x-amz-security-token']).toBe('token-1');
    expect(ours.headers.authorization).toMatch(/SignedHeaders=[^,]*x-amz-security-token/);
    // A body changed after signing no longer matches.
    const tampered = { ...ours, body: Buffer.from(text(ours.body).replace('select', 'delete')) };
    expect(signatureOf(ours)).not.toBe(
      expectedSignature(tampered, 'rds-data', CREDENTIALS.secretAccessKey),
    );
  });

  it('answers each operation at its REST path', async () => {
    const exchange = recording([answer(200, { transactionId: 'tx' })]);
    const sender = dataApiSender({
      region: REGION,
      endpoints: { rdsData: ENDPOINT },
      credentials: CREDENTIALS,
      exchangeFor: () => exchange,
    });
    const base = { resourceArn: EXECUTE.resourceArn, secretArn: EXECUTE.secretArn };

    await sender.send({ operation: 'BeginTransaction', input: { ...base, database: 'cpe' } });
    await sender.send({
      operation: 'BatchExecuteStatement',
      input: { ...base, sql: 'x', parameterSets: [] },
    });
    await sender.send({ operation: 'CommitTransaction', input: { ...base, transactionId: 'tx' } });
    await sender.send({
      operation: 'RollbackTransaction',
      input: { ...base, transactionId: 'tx' },
    });

    expect(exchange.seen.map((r) => r.target)).toEqual([
      '/_aws/rds-data/BeginTransaction',
      '/_aws/rds-data/BatchExecute',
      '/_aws/rds-data/CommitTransaction',
      '/_aws/rds-data/RollbackTransaction',
    ]);
  });

  it('raises the error the SDK raises from the same answer', async () => {
    const refused = answer(
      400,
      { message: 'ERROR: relation "nope" does not exist; SQLState: 42P01' },
      { 'x-amzn-errortype': 'DatabaseErrorException:http://internal.amazon.com/coral/' },
    );
    const sdk = new RDSDataClient({
      region: REGION,
      endpoint: ENDPOINT,
      credentials: CREDENTIALS,
      requestHandler: sdkHandler(refused, []),
    });
    const sender = dataApiSender({
      region: REGION,
      endpoints: { rdsData: ENDPOINT },
      credentials: CREDENTIALS,
      exchangeFor: () => recording([refused]),
    });

    const theirs = (await failureOf(sdk.send(new ExecuteStatementCommand(EXECUTE)))) as Error & {
      $fault: string;
      $metadata: { httpStatusCode: number };
    };
    const ours = (await failureOf(
      sender.send({ operation: 'ExecuteStatement', input: EXECUTE }),
    )) as typeof theirs;

    expect(ours).toBeInstanceOf(Error);
    expect(ours.name).toBe(theirs.name);
    expect(ours.name).toBe('DatabaseErrorException');
    expect(ours.message).toBe(theirs.message);
    expect(ours.$fault).toBe(theirs.$fault);
    expect(ours.$metadata.httpStatusCode).toBe(theirs.$metadata.httpStatusCode);
  });

  it('retries 5xx answers as the SDK does, and answers 503 once the attempts are spent', async () => {
    const unavailable = answer(
      503,
      { message: 'busy' },
      { 'x-amzn-errortype': 'ServiceUnavailableError' },
    );
    const slept: number[] = [];
    const recovering = recording([unavailable, unavailable, ok]);
    const call = dataApiClient({
      exchange: recovering,
      sleep: async (ms) => {
        slept.push(ms);
      },
    });

    const out = await execute(call);

    expect(recovering.seen).toHaveLength(3);
    expect(out.$metadata).toMatchObject({ attempts: 3 });
    expect(slept).toHaveLength(2);
    slept.forEach((ms, i) => expect(ms).toBeLessThan(RETRY.baseDelayMs * 2 ** i));

    const down = recording([unavailable]);
    const failing = dataApiClient({
      exchange: down,
    });
    const error = await failureOf(execute(failing));
    expect(down.seen).toHaveLength(RETRY.maxAttempts);
    expect(error).toBeInstanceOf(DependencyUnavailableError);
    expect((error as Error & { cause: { name: string } }).cause.name).toBe(
      'ServiceUnavailableError',
    );
  });

  it('does not retry what a retry would not fix: a refused statement, a resuming cluster', async () => {
    for (const name of ['BadRequestException', 'DatabaseResumingException']) {
      const exchange = recording([answer(400, { message: name }, { 'x-amzn-errortype': name })]);
      const call = dataApiClient({ exchange });

      const error = await failureOf(execute(call));

      expect((error as Error).name).toBe(name);
      expect(exchange.seen).toHaveLength(1);
    }
  });

  it('retries throttling with the longer back-off, and a reset connection', async () => {
    const slept: number[] = [];
    const exchange = recording([
      answer(400, { message: 'slow down' }, { 'x-amzn-errortype': 'ThrottlingException' }),
      Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
      ok,
    ]);
    const call = dataApiClient({
      exchange,
      sleep: async (ms) => {
        slept.push(ms);
      },
    });

    await execute(call);

    expect(exchange.seen).toHaveLength(3);
    expect(slept[0]).toBeLessThan(RETRY.throttlingBaseDelayMs);
    expect(slept[1]).toBeLessThan(RETRY.baseDelayMs * 2);
  });

  it('stops retrying once the client has spent its retry quota', async () => {
    const exchange = recording([answer(500, { message: 'boom' })]);
    const call = dataApiClient({
      exchange,
    });
    const attempts: number[] = [];

    while (attempts.at(-1) !== 1 && attempts.length < 100) {
      const before = exchange.seen.length;
      await failureOf(execute(call));
      attempts.push(exchange.seen.length - before);
    }

    const retries = attempts.reduce((sum, n) => sum + n - 1, 0);
    expect(retries).toBe(Math.floor(RETRY.quota / RETRY.cost));
    expect(attempts[0]).toBe(RETRY.maxAttempts);
    expect(attempts.at(-1)).toBe(1);
  });
});

describe('Secrets Manager over json-client', () => {
  const SECRETS_ENDPOINT = 'http://127.0.0.1:3000/_aws/secretsmanager';
  const ARN = 'arn:aws:secretsmanager:ap-southeast-2:000000000000:secret:openai';

  it('sends what the SDK sends and reads a binary secret from base64', async () => {
    const value = answer(
      200,
      {
        ARN,
        Name: 'openai',
        SecretBinary: Buffer.from('{"apiKey":"sk"}').toString('base64'),
      },
      { 'content-type': 'application/x-amz-json-1.1' },
    );
    const sdkSeen: WireRequest[] = [];
    const sdk = new SecretsManagerClient({
      region: REGION,
      endpoint: SECRETS_ENDPOINT,
      credentials: CREDENTIALS,
      requestHandler: sdkHandler(value, sdkSeen),
    });
    const exchange = recording([value]);
    const sender = secretsManagerSender({
      region: REGION,
      endpoints: { secretsManager: SECRETS_ENDPOINT },
      credentials: CREDENTIALS,
      exchangeFor: () => exchange,
    });

    const fromSdk = await sdk.send(new GetSecretValueCommand({ SecretId: ARN }));
    const fromClient = await sender.getSecretValue(ARN);

    const [theirs] = sdkSeen as [WireRequest];
    const [ours] = exchange.seen as [WireRequest];
    expect(ours.target).toBe(theirs.target);
    for (const header of ['host', 'content-type', 'x-amz-target'])
      expect(ours.headers[header]).toBe(theirs.headers[header]);
    expect(JSON.parse(text(ours.body))).toEqual(JSON.parse(text(theirs.body)));
    expect(signatureOf(ours)).toBe(
      expectedSignature(ours, 'secretsmanager', CREDENTIALS.secretAccessKey),
    );
    expect(Buffer.from(fromClient.SecretBinary ?? []).toString()).toBe(
      Buffer.from(fromSdk.SecretBinary ?? []).toString(),
    );
  });

  it('names a JSON 1.1 error by its __type, as the SDK does', async () => {
    const missing = answer(400, {
      __type: 'ResourceNotFoundException',
      message: "Secrets Manager can't find the specified secret.",
    });
    const sdk = new SecretsManagerClient({
      region: REGION,
      endpoint: SECRETS_ENDPOINT,
      credentials: CREDENTIALS,
      requestHandler: sdkHandler(missing, []),
    });
    const sender = secretsManagerSender({
      region: REGION,
      endpoints: { secretsManager: SECRETS_ENDPOINT },
      credentials: CREDENTIALS,
      exchangeFor: () => recording([missing]),
    });

    const theirs = (await failureOf(
      sdk.send(new GetSecretValueCommand({ SecretId: ARN })),
    )) as Error;
    const ours = (await failureOf(sender.getSecretValue(ARN))) as Error;

    expect(ours.name).toBe(theirs.name);
    expect(ours.message).toBe(theirs.message);
  });

  it('gives up on a silent service after its time limit, each attempt, as a 504', async () => {
    let calls = 0;
    const sender = secretsManagerSender({
      region: REGION,
      endpoints: { secretsManager: SECRETS_ENDPOINT },
      credentials: CREDENTIALS,
      timing: { connectionTimeoutMs: 50, idleTimeoutMs: 50, maxAttempts: 2 },
      exchangeFor: () => () => {
        calls += 1;
        return new Promise<WireResponse>(() => undefined);
      },
    });

    const error = await failureOf(sender.getSecretValue(ARN));

    expect(error).toBeInstanceOf(DependencyTimeoutError);
    expect(calls).toBe(2);
  });
});

describe("json-client over node's http", () => {
  it('reaches a real server, keeps the connection alive, and fails a refused one as a 503', async () => {
    const sockets = new Set<unknown>();
    const bodies: string[] = [];
    const server = createServer((req, res) => {
      sockets.add(req.socket);
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        bodies.push(Buffer.concat(chunks).toString('utf8'));
        res.writeHead(200, { 'content-type': 'application/json', 'x-amzn-requestid': 'req-1' });
        res.end(JSON.stringify({ numberOfRecordsUpdated: 2 }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const call = dataApiClient({ endpoint: `http://127.0.0.1:${port}/_aws/rds-data` });
    try {
      const first = await execute(call);
      await execute(call);

      expect(first).toMatchObject({
        numberOfRecordsUpdated: 2,
        $metadata: { httpStatusCode: 200, requestId: 'req-1' },
      });
      expect(bodies.map((b) => JSON.parse(b) as unknown)).toEqual([EXECUTE, EXECUTE]);
      expect(sockets.size).toBe(1);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }

    const error = await failureOf(execute(call));
    expect(error).toBeInstanceOf(DependencyUnavailableError);
  });

  it('fails without credentials, as the SDK does when the environment has none', async () => {
    const call = createJsonClient({
      dependency: 'rdsData',
      service: 'rds-data',
      region: REGION,
      exchange: recording([answer(200, {})]),
    });

    const error = await failureOf(execute(call));

    expect((error as Error).name).toBe('CredentialsProviderError');
  });

  it('defaults to the region’s HTTPS endpoint', () => {
    expect(defaultEndpoint('rds-data', 'ap-southeast-2')).toBe(
      'https://rds-data.ap-southeast-2.amazonaws.com',
    );
    expect(defaultEndpoint('secretsmanager', 'cn-north-1')).toBe(
      'https://secretsmanager.cn-north-1.amazonaws.com.cn',
    );
  });
});
