/**
 * The request handler the emulator suites give the real SDK clients to reach
 * an emulator in process (http/sdk-transport.ts), driven by the real Data API
 * client: what it sends, and what it parses.
 */
import { ExecuteStatementCommand, RDSDataClient } from '@aws-sdk/client-rds-data';
import { type WireRequest, inProcessRequestHandler } from '@cpe/local/http';

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

describe('the in-process request handler', () => {
  it('sends the request the SDK signed, with its host, and parses the answer', async () => {
    const seen: WireRequest[] = [];
    const client = clientWith(
      inProcessRequestHandler((request) => {
        seen.push(request);
        return Promise.resolve({
          status: 200,
          headers: { 'content-type': 'application/json' },
          body: Buffer.from(JSON.stringify({ records: [[{ longValue: 1 }]] })),
        });
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
});
