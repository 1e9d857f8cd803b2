/**
 * One chat completion through the `openai` package. The package is about
 * 390 KB minified, more than the recommendations function's whole bundle
 * budget, and only a call with a key needs it: `openai.ts` imports this module
 * on the first such call, and the bundler ships it as a file of its own
 * (scripts/bundle.mjs).
 *
 * It answers plain data, never the SDK's errors: this module is a separate
 * bundle, so error classes it threw would be copies of the ones the
 * recommender knows, and the SDK's own errors carry the provider's text (for a
 * rejected key, part of the key).
 */
import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from 'openai';
import type { ChatMessage } from './prompt';

/** A JSON-schema structured output (the certificate proposal asks for one). */
export interface JsonSchemaFormat {
  type: 'json_schema';
  json_schema: { name: string; strict: boolean; schema: Record<string, unknown> };
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  response_format?: JsonSchemaFormat;
}

export interface SdkChatOptions {
  baseURL: string;
  /** Per attempt, headers and body together. */
  timeoutMs: number;
  maxRetries: number;
  /** A server asking for a longer wait before a retry gets no retry. */
  maxRetryDelayMs: number;
}

export type SdkFailure =
  /** The server answered an error status; `code` is the provider's ("invalid_api_key"). */
  | { kind: 'status'; status: number; code: string | undefined }
  /** No answer: the connection failed, or an attempt ran out of time. */
  | { kind: 'connection'; timedOut: boolean }
  /** The caller's signal ended the call (the whole-call deadline). */
  | { kind: 'aborted' };

export type SdkOutcome = { ok: true; answer: unknown } | { ok: false; failure: SdkFailure };

export interface SdkChat {
  complete(request: ChatRequest, signal?: AbortSignal): Promise<SdkOutcome>;
}

/** The wait a response asks for before a retry, as the SDK reads it; undefined when none. */
function askedWaitMs(headers: Headers): number | undefined {
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms)) return ms;
  const after = headers.get('retry-after');
  if (!after) return undefined;
  const seconds = Number.parseFloat(after);
  return Number.isFinite(seconds) ? seconds * 1000 : Date.parse(after) - Date.now();
}

/**
 * fetch, except that an error answer asking for a wait longer than
 * `maxDelayMs` is marked `x-should-retry: false`, which the SDK obeys. It
 * would otherwise wait up to a minute, and the user would rather have the
 * catalogue's answer now than the model's after the gateway has given up.
 */
function refusingLongWaits(maxDelayMs: number): typeof fetch {
  return async (input, init) => {
    let response: Response;
    try {
      response = await fetch(input, init);
    } catch (error) {
      // fetch rejects an aborted attempt with a DOMException, which the SDK
      // tells from a failed connection only when it comes from the SDK's own
      // realm (not so under jest's module sandbox). An Error of the same name
      // is recognised everywhere, so a timed-out attempt is reported as one.
      if (init?.signal?.aborted)
        throw Object.assign(new Error('The attempt was aborted'), { name: 'AbortError' });
      throw error;
    }
    const wait = response.ok ? undefined : askedWaitMs(response.headers);
    if (wait === undefined || wait <= maxDelayMs) return response;
    const headers = new Headers(response.headers);
    headers.set('x-should-retry', 'false');
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}

function failureOf(error: unknown): SdkFailure | undefined {
  // Subclasses first: a timeout is a connection error, and both are APIErrors without a status.
  if (error instanceof APIUserAbortError) return { kind: 'aborted' };
  if (error instanceof APIConnectionTimeoutError) return { kind: 'connection', timedOut: true };
  if (error instanceof APIConnectionError) return { kind: 'connection', timedOut: false };
  if (error instanceof APIError && typeof error.status === 'number') {
    const code: unknown = error.code;
    return {
      kind: 'status',
      status: error.status,
      code: typeof code === 'string' ? code : undefined,
    };
  }
  return undefined;
}

export function createSdkChat(apiKey: string, options: SdkChatOptions): SdkChat {
  const client = new OpenAI({
    apiKey,
    baseURL: options.baseURL,
    timeout: options.timeoutMs,
    maxRetries: options.maxRetries,
    fetch: refusingLongWaits(options.maxRetryDelayMs),
    // Explicit, so that no OPENAI_* variable of the process changes what is
    // sent; and no SDK logging: at debug level it logs error bodies, which
    // can hold part of the key. The recommender logs what may be logged.
    organization: null,
    project: null,
    adminAPIKey: null,
    webhookSecret: null,
    logLevel: 'off',
  });

  return {
    async complete(request, signal) {
      try {
        const answer: unknown = await client.chat.completions.create(
          request,
          signal ? { signal } : {},
        );
        return { ok: true, answer };
      } catch (error) {
        // A 200 whose JSON does not parse is an answer without text: the caller's check refuses it.
        if (error instanceof SyntaxError) return { ok: true, answer: undefined };
        const failure = failureOf(error);
        if (failure) return { ok: false, failure };
        throw error;
      }
    },
  };
}
