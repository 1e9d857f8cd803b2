// One Lambda execution environment on a worker thread, doing what Lambda's
// Node.js runtime does: its process.env is the function's environment, the
// init phase loads the function's code as the handler setting names it
// (`index.handler`: index.js in the code directory, export `handler`), and
// then it runs one invocation at a time, each given Lambda's context object.
// Plain JavaScript: a worker thread has none of the parent's loaders.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

const port = parentPort;
if (!port) throw new Error('a Lambda container must run on a worker thread');
const { codeDir, handler: handlerSetting } = workerData;
const env = process.env;

/** `index.handler` -> the file of module `index` in the code directory, and the export `handler`. */
async function loadHandler() {
  const dot = handlerSetting.lastIndexOf('.');
  const moduleName = handlerSetting.slice(0, dot);
  const exportName = handlerSetting.slice(dot + 1);
  const file = ['.js', '.mjs', '.cjs']
    .map((extension) => path.join(codeDir, `${moduleName}${extension}`))
    .find((candidate) => existsSync(candidate));
  if (!file) throw new Error(`Cannot find module '${moduleName}' in ${codeDir}`);
  const loaded = file.endsWith('.mjs')
    ? await import(pathToFileURL(file).href)
    : createRequire(file)(file);
  const handler = loaded[exportName];
  if (typeof handler !== 'function') {
    throw new Error(`${path.basename(file)} exports no function ${exportName}`);
  }
  // What ran, as Lambda's CodeSha256 names a function's code: the bytes of the file loaded.
  const sha256 = createHash('sha256').update(readFileSync(file)).digest('hex');
  return { handler, code: { file, sha256 } };
}

/** Lambda's context object for one invocation. */
function contextFor(requestId, deadline) {
  const name = env.AWS_LAMBDA_FUNCTION_NAME ?? 'function';
  return {
    functionName: name,
    functionVersion: env.AWS_LAMBDA_FUNCTION_VERSION ?? '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${env.AWS_REGION}:000000000000:function:${name}`,
    memoryLimitInMB: env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE ?? '128',
    awsRequestId: requestId,
    logGroupName: env.AWS_LAMBDA_LOG_GROUP_NAME ?? `/aws/lambda/${name}`,
    logStreamName: env.AWS_LAMBDA_LOG_STREAM_NAME ?? 'local',
    callbackWaitsForEmptyEventLoop: true,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
  };
}

function describe(error) {
  return error instanceof Error
    ? { name: error.name, message: error.message, stack: error.stack }
    : { name: 'Error', message: String(error) };
}

let handler;

port.on('message', (message) => {
  // The pool invokes a container only once its init has finished.
  Promise.resolve()
    .then(() => handler(message.event, contextFor(message.requestId, message.deadline)))
    .then(
      (result) => port.postMessage({ type: 'result', id: message.id, result }),
      (error) => {
        // Lambda writes a function error to the log; API Gateway answers 502.
        console.error(`ERROR\tInvoke Error\t${JSON.stringify(describe(error))}`);
        port.postMessage({ type: 'error', id: message.id, error: describe(error) });
      },
    );
});

const started = performance.now();
loadHandler().then(
  (loaded) => {
    handler = loaded.handler;
    port.postMessage({ type: 'ready', initMs: performance.now() - started, code: loaded.code });
  },
  (error) => {
    console.error(`ERROR\tInit Error\t${JSON.stringify(describe(error))}`);
    port.postMessage({ type: 'init-failed', error: describe(error) });
  },
);
