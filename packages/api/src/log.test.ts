import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Runs invocations of a handler that logs, in a process of its own with the
 * environment Lambda sets on demand (Powertools reads it to tell a cold
 * start), and answers the JSON lines written.
 */
async function linesOf(quietFirst: boolean): Promise<Array<Record<string, unknown>>> {
  const script = `
    const { logger, withLambdaContext } = require(${JSON.stringify(path.join(__dirname, 'log.ts'))});
    const context = (awsRequestId) => ({
      awsRequestId,
      functionName: 'cpe-test',
      functionVersion: '$LATEST',
      invokedFunctionArn: 'arn:aws:lambda:ap-southeast-2:000000000000:function:cpe-test',
      memoryLimitInMB: '512',
    });
    const quiet = withLambdaContext(async () => undefined);
    const loud = withLambdaContext(async (message) => logger.error(message, { a: 1 }));
    (async () => {
      if (${quietFirst}) await quiet('first', context('first'));
      else await loud('boom', context('first'));
      await loud('boom', context('second'));
    })();
  `;
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '-e', script],
    { env: { PATH: process.env.PATH ?? '', AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand' } },
  );
  return `${stdout}${stderr}`
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

const line = (requestId: string, coldStart: boolean): unknown =>
  expect.objectContaining({
    level: 'ERROR',
    message: 'boom',
    a: 1,
    service: 'cpe-tracker',
    function_name: 'cpe-test',
    function_request_id: requestId,
    cold_start: coldStart,
  });

describe('the logger', () => {
  it("writes JSON lines with the invocation's context, the first invocation's as the cold start", async () => {
    const lines = await linesOf(false);

    expect(lines).toEqual([line('first', true), line('second', false)]);
  });

  it('says warm when it loads with a later invocation than the first', async () => {
    const lines = await linesOf(true);

    expect(lines).toEqual([line('second', false)]);
  });
});
