/**
 * The OpenAI side of the recommender: where the key comes from, and one chat
 * completion (POST {baseURL}/chat/completions) whose answer is checked before
 * anyone sees it. It is one HTTPS call, so it is made with fetch rather than
 * the OpenAI SDK, which would more than double the function's bundle. Errors
 * carry the OpenAI SDK's class names and the HTTP status, so logs read the same.
 */
import * as z from 'zod/mini';
import { SecretFormatError } from '../secrets';
import { type ChatMessage, buildMessages } from './prompt';

export const OPENAI_DEFAULTS = {
  baseURL: 'https://api.openai.com/v1',
  /** Per attempt. */
  timeoutMs: 20_000,
  maxRetries: 1,
  /** The longest server-requested wait honoured before a retry. */
  maxRetryDelayMs: 5_000,
} as const;

export interface OpenAiClientOptions {
  /** OpenAI-compatible servers (Azure, a local model server) answer on another base URL. */
  baseURL?: string | undefined;
  timeoutMs?: number;
  maxRetries?: number;
}

export interface ChatClient {
  complete(
    request: { model: string; messages: ChatMessage[] },
    signal?: AbortSignal,
  ): Promise<unknown>;
}

/** The server answered with an error status. `code` is the provider's error code ("invalid_api_key"). */
export class OpenAiStatusError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
  ) {
    // The provider's message is not kept: for a rejected key it echoes part of the key.
    super(`OpenAI answered ${status}`);
    this.name = STATUS_NAMES[status] ?? (status >= 500 ? 'InternalServerError' : 'APIError');
  }
}

const STATUS_NAMES: Record<number, string> = {
  400: 'BadRequestError',
  401: 'AuthenticationError',
  403: 'PermissionDeniedError',
  404: 'NotFoundError',
  409: 'ConflictError',
  422: 'UnprocessableEntityError',
  429: 'RateLimitError',
};

/** No answer: the connection failed, or (APIConnectionTimeoutError) the attempt ran out of time. */
export class OpenAiConnectionError extends Error {
  constructor(timedOut: boolean, options?: ErrorOptions) {
    super(timedOut ? 'OpenAI did not answer in time' : 'Could not reach OpenAI', options);
    this.name = timedOut ? 'APIConnectionTimeoutError' : 'APIConnectionError';
  }
}

const errorBody = z.object({ error: z.object({ code: z.optional(z.unknown()) }) });

/** What the OpenAI SDK retries: no answer, timeouts, conflicts, rate limits and server errors. */
function retryable(error: unknown): boolean {
  if (error instanceof OpenAiConnectionError) return true;
  if (!(error instanceof OpenAiStatusError)) return false;
  return [408, 409, 429].includes(error.status) || error.status >= 500;
}

/** The wait the server asked for (retry-after-ms, retry-after in seconds), bounded; else a short backoff. */
function retryDelayMs(headers: Headers | undefined, attempt: number): number {
  const ms = Number(headers?.get('retry-after-ms'));
  const seconds = Number(headers?.get('retry-after'));
  const asked = ms > 0 ? ms : seconds > 0 ? seconds * 1000 : undefined;
  return Math.min(asked ?? 500 * 2 ** attempt, OPENAI_DEFAULTS.maxRetryDelayMs);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    });
  });
}

export function createOpenAiClient(apiKey: string, options: OpenAiClientOptions = {}): ChatClient {
  const url = `${(options.baseURL ?? OPENAI_DEFAULTS.baseURL).replace(/\/+$/, '')}/chat/completions`;
  const timeoutMs = options.timeoutMs ?? OPENAI_DEFAULTS.timeoutMs;
  const maxRetries = options.maxRetries ?? OPENAI_DEFAULTS.maxRetries;

  async function attempt(body: string, deadline?: AbortSignal) {
    const attemptSignal = AbortSignal.timeout(timeoutMs);
    const signal = deadline ? AbortSignal.any([deadline, attemptSignal]) : attemptSignal;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body,
        signal,
      });
    } catch (error) {
      throw new OpenAiConnectionError(signal.aborted, { cause: error });
    }
    // A body that is not JSON is an answer without text: the caller's check refuses it.
    if (response.ok) return { answer: (await response.json().catch(() => undefined)) as unknown };
    const parsed = errorBody.safeParse(await response.json().catch(() => undefined));
    const code = parsed.success ? parsed.data.error.code : undefined;
    return {
      error: new OpenAiStatusError(response.status, typeof code === 'string' ? code : undefined),
      headers: response.headers,
    };
  }

  return {
    async complete(request, signal) {
      const body = JSON.stringify(request);
      for (let tries = 0; ; tries++) {
        let headers: Headers | undefined;
        let failure: unknown;
        try {
          const result = await attempt(body, signal);
          if ('answer' in result) return result.answer;
          ({ error: failure, headers } = result);
        } catch (error) {
          failure = error;
        }
        if (tries >= maxRetries || !retryable(failure) || signal?.aborted) throw failure;
        await sleep(retryDelayMs(headers, tries), signal);
      }
    },
  };
}

const keySecret = z.object({ apiKey: z.string().check(z.trim(), z.minLength(1)) });

/**
 * The API key from the secret `arn` holds (`{"apiKey": "..."}`); undefined
 * when no secret is configured or it does not exist. A secret without a
 * usable apiKey is a configuration fault: it throws, naming no value.
 */
export async function openAiKeyFromSecret(
  readSecret: (arn: string) => Promise<unknown>,
  arn: string | undefined,
): Promise<string | undefined> {
  if (!arn) return undefined;
  const value = await readSecret(arn);
  if (value === undefined) return undefined;
  const parsed = keySecret.safeParse(value);
  if (!parsed.success) throw new SecretFormatError(`Secret ${arn} has no string "apiKey"`);
  return parsed.data.apiKey;
}

/** The model answered, but not with text we can show. */
export class UnexpectedAnswerError extends Error {
  override name = 'UnexpectedAnswerError';
}

// Checked at run time: an OpenAI-compatible server may answer anything with a 200.
const completion = z.object({
  choices: z.tuple(
    [z.object({ message: z.object({ content: z.string().check(z.trim(), z.minLength(1)) }) })],
    z.unknown(),
  ),
});

export async function askForRecommendations(
  client: ChatClient,
  model: string,
  names: readonly string[],
  signal?: AbortSignal,
): Promise<string> {
  const answer = await client.complete({ model, messages: buildMessages(names) }, signal);
  const parsed = completion.safeParse(answer);
  if (!parsed.success) throw new UnexpectedAnswerError('The completion has no text content');
  return parsed.data.choices[0].message.content;
}
