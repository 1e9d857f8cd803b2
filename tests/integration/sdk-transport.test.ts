/**
 * The request handler the local runtime gives its handlers' SDK clients for
 * its own endpoints (http/sdk-transport.ts), driven by the real Data API
 * client: what it sends, and how a silent or closed runtime fails.
 */
import { ExecuteStatementCommand, RDSDataClient } from '@aws-sdk/client-rds-data';
import { dependencyFailure } from '@cpe/api/aws/failures';
import { DependencyTimeoutError, DependencyUnavailableError } from '@cpe/api/errors';
import { type WireRequest, inProcessRequestHandler, refusedError } from '@cpe/local/http';

const target = {
  resourceArn: 'arn:aws:rds:ap-southeast-2:000000000000:cluster:cpe-local',
  secretArn: 'arn:aws:secretsmanager:ap-southeast-2:000000000000:secret:cpe-local-db',
  sql: 'select 1',
};

function clientWith(handler: ReturnType<typeof inProcessRequestHandler>) {
  return new RDSDataClient({
    endpoint: 'http://127.0.0.1:3000/_aws/rds-data',
    region: 'ap-southeast-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
    requestHandler: handler,
  });
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('the in-process request handler', () => {
  it('sends the request the SDK signed, with its host, and parses the answer', async () => {
    const seen: WireRequest[] = [];
    const client = clientWith(
      inProcessRequestHandler(async (request) => {
        seen.push(request);
        return {
          status: 200,
          headers: { 'content-type': 'application/json' },
          body: Buffer.from(JSON.stringify({ records: [[{ longValue: 1 }]] })),
        };
      }),
    );

    const answer = await client.send(new ExecuteStatementCommand(target));

    expect(answer.records).toEqual([[{ longValue: 1 }]]);
    expect(seen).toHaveLength(1);
    const [request] = seen as [WireRequest];
    expect(request.method).toBe('POST');
    expect(request.target).toBe('/_aws/rds-data/Execute');
    expect(request.headers.host).toBe('127.0.0.1:3000');
    expect(request.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=local\//);
    expect(JSON.parse(Buffer.from(request.body).toString('utf8'))).toMatchObject({
      sql: 'select 1',
    });
    expect(request.headers['content-length']).toBe(String(request.body.length));
  });

  it('gives up after its time limit with the error a silent socket gives, read as a timeout', async () => {
    const client = clientWith(
      inProcessRequestHandler(() => new Promise(() => undefined), { timeoutMs: 50 }),
    );

    const error = await failureOf(client.send(new ExecuteStatementCommand(target)));

    expect((error as Error).name).toBe('TimeoutError');
    expect(dependencyFailure('rdsData', error)).toBeInstanceOf(DependencyTimeoutError);
  });

  it('fails as a refused connection once the runtime is closed', async () => {
    const client = clientWith(inProcessRequestHandler(() => Promise.reject(refusedError())));

    const error = await failureOf(client.send(new ExecuteStatementCommand(target)));

    expect(dependencyFailure('rdsData', error)).toBeInstanceOf(DependencyUnavailableError);
  });
});
