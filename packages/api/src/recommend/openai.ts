/**
 * The OpenAI side of the recommender: where the key comes from, the client,
 * and one chat completion whose answer is checked before anyone sees it.
 */
import OpenAI from 'openai';
import { z } from 'zod';
import { SecretFormatError } from '../secrets';
import { buildMessages } from './prompt';

export const OPENAI_DEFAULTS = {
  /** Per attempt. */
  timeoutMs: 20_000,
  maxRetries: 1,
} as const;

export interface OpenAiClientOptions {
  /** OpenAI-compatible servers (Azure, a local model server) answer on another base URL. */
  baseURL?: string | undefined;
  timeoutMs?: number;
  maxRetries?: number;
}

export function createOpenAiClient(apiKey: string, options: OpenAiClientOptions = {}): OpenAI {
  return new OpenAI({
    apiKey,
    // Explicit, so the SDK does not fall back to OPENAI_* variables of the process.
    baseURL: options.baseURL ?? 'https://api.openai.com/v1',
    organization: null,
    project: null,
    timeout: options.timeoutMs ?? OPENAI_DEFAULTS.timeoutMs,
    maxRetries: options.maxRetries ?? OPENAI_DEFAULTS.maxRetries,
  });
}

const keySecret = z.object({ apiKey: z.string().trim().min(1) });

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
  choices: z
    .tuple([z.object({ message: z.object({ content: z.string().trim().min(1) }) })])
    .rest(z.unknown()),
});

export type ChatClient = Pick<OpenAI, 'chat'>;

export async function askForRecommendations(
  client: ChatClient,
  model: string,
  names: readonly string[],
  signal?: AbortSignal,
): Promise<string> {
  const answer: unknown = await client.chat.completions.create(
    { model, messages: buildMessages(names) },
    { signal },
  );
  const parsed = completion.safeParse(answer);
  if (!parsed.success) throw new UnexpectedAnswerError('The completion has no text content');
  return parsed.data.choices[0].message.content;
}
