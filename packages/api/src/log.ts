/**
 * The api's one logger: Powertools for AWS Lambda's Logger, JSON lines with
 * the level, the time, the service and, in Lambda, the invocation's context
 * (log level from POWERTOOLS_LOG_LEVEL or Lambda's own setting). Most
 * invocations log nothing, so the library loads with the first line logged
 * (logger-sdk.ts, a file of its own in each bundle) and a cold start does not
 * pay for it, as the other libraries used on one path (decision 016).
 */
import type { Logger } from '@aws-lambda-powertools/logger';
import type { Context } from 'aws-lambda';

type Level = 'info' | 'warn' | 'error';
type Extra = Record<string, unknown>;

let loaded: Promise<Logger> | undefined;
/** The container's first invocation's context, the current one's, and the last one the logger has. */
let first: Context | undefined;
let context: Context | undefined;
let given: Context | undefined;

function load(): Promise<Logger> {
  loaded ??= import('./logger-sdk').then(({ Logger }) => {
    const logger = new Logger({ serviceName: 'cpe-tracker' });
    // Powertools takes the first context it is given for the cold start.
    if (first) logger.addContext(first);
    given = first;
    return logger;
  });
  return loaded;
}

/** A line carries the context of the invocation that wrote it, though the logger may load later. */
const line =
  (level: Level) =>
  (message: string, extra: Extra = {}): void => {
    const at = context;
    void load().then((logger) => {
      if (at && at !== given) {
        logger.addContext(at);
        given = at;
      }
      logger[level](message, extra);
    });
  };

export const logger = { info: line('info'), warn: line('warn'), error: line('error') };

/**
 * The function Lambda calls (src/lambda/*.ts): each log line of the
 * invocation carries its request id, the function's name and version and
 * whether it was a cold start.
 */
export function withLambdaContext<E, R>(
  handler: (event: E) => Promise<R>,
): (event: E, lambdaContext?: Context) => Promise<R> {
  return (event, lambdaContext) => {
    if (lambdaContext) {
      first ??= lambdaContext;
      context = lambdaContext;
    }
    return handler(event);
  };
}
