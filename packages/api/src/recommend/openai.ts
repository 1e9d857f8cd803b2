/**
 * The OpenAI side of the recommender: where the key comes from, and one chat
 * completion whose answer is checked before anyone sees it. The call itself
 * goes through the `openai` package (`openai-sdk.ts`), imported on the first
 * call with a key: without a key the package is never loaded, and the
 * function's cold start does not pay for it. Failures become the typed errors
 * below, named after the SDK's classes and carrying the HTTP status and the
 * provider's error code, never its text.
 */
import * as z from 'zod/mini';
import { SecretFormatError } from '../secrets';
import type * as OpenAiSdk from './openai-sdk';
import type { ChatRequest } from './openai-sdk';
import { type PromptEntry, buildMessages } from './prompt';

export const OPENAI_DEFAULTS = {
  baseURL: 'https://api.openai.com/v1',
  /** Per attempt; the recommender's deadline bounds the whole call. */
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
  maxRetryDelayMs?: number;
}

export interface ChatClient {
  complete(request: ChatRequest, signal?: AbortSignal): Promise<unknown>;
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

/** The SDK's class for each status, so logs read as the SDK's documentation does. */
const STATUS_NAMES: Record<number, string> = {
  400: 'BadRequestError',
  401: 'AuthenticationError',
  403: 'PermissionDeniedError',
  404: 'NotFoundError',
  409: 'ConflictError',
  422: 'UnprocessableEntityError',
  429: 'RateLimitError',
};

/** No answer: the connection failed, or (APIConnectionTimeoutError) the time ran out. */
export class OpenAiConnectionError extends Error {
  constructor(timedOut: boolean) {
    super(timedOut ? 'OpenAI did not answer in time' : 'Could not reach OpenAI');
    this.name = timedOut ? 'APIConnectionTimeoutError' : 'APIConnectionError';
  }
}

function errorFor(failure: OpenAiSdk.SdkFailure): Error {
  switch (failure.kind) {
    case 'status':
      return new OpenAiStatusError(failure.status, failure.code);
    case 'connection':
      return new OpenAiConnectionError(failure.timedOut);
    case 'aborted':
      // Only the recommender's deadline aborts a call.
      return new OpenAiConnectionError(true);
  }
}

type SdkModule = typeof OpenAiSdk;
let sdkModule: Promise<SdkModule> | undefined;

/** The module once per process; a failed load is tried again on the next call. */
function loadSdk(): Promise<SdkModule> {
  sdkModule ??= import('./openai-sdk').catch((error: unknown) => {
    sdkModule = undefined;
    throw error;
  });
  return sdkModule;
}

/** A client for one key; the SDK is loaded, and its client made, on the first call. */
export function createOpenAiClient(apiKey: string, options: OpenAiClientOptions = {}): ChatClient {
  const settings = {
    baseURL: options.baseURL ?? OPENAI_DEFAULTS.baseURL,
    timeoutMs: options.timeoutMs ?? OPENAI_DEFAULTS.timeoutMs,
    maxRetries: options.maxRetries ?? OPENAI_DEFAULTS.maxRetries,
    maxRetryDelayMs: options.maxRetryDelayMs ?? OPENAI_DEFAULTS.maxRetryDelayMs,
  };
  let chat: OpenAiSdk.SdkChat | undefined;

  return {
    async complete(request, signal) {
      chat ??= (await loadSdk()).createSdkChat(apiKey, settings);
      const outcome = await chat.complete(request, signal);
      if (outcome.ok) return outcome.answer;
      throw errorFor(outcome.failure);
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
  /** Catalogue entries the model is asked to prefer (prompt.ts). */
  catalogue: readonly PromptEntry[] = [],
): Promise<string> {
  const answer = await client.complete(
    { model, messages: buildMessages(names, catalogue) },
    signal,
  );
  const parsed = completion.safeParse(answer);
  if (!parsed.success) throw new UnexpectedAnswerError('The completion has no text content');
  return parsed.data.choices[0].message.content;
}
