/**
 * Recommends further certifications from the names a user holds: through the
 * AI when a key is configured, from the built-in catalogue otherwise or when
 * the AI fails. The caller always gets an answer; the failure goes to the log
 * as an error class and status only, never the key or the provider's text
 * (OpenAI echoes part of a rejected key in its error message).
 */
import type { HeldCertification, recommendation } from '@cpe/shared';
import type * as z from 'zod/mini';
import { logger } from '../log';
import { type ChatClient, askForRecommendations } from './openai';

export type Recommendation = z.infer<typeof recommendation>;

export interface RecommenderDeps {
  /** The API key, or undefined when none is configured. */
  apiKey(): Promise<string | undefined>;
  /** Made once per key and reused across invocations of the container. */
  createClient(apiKey: string): ChatClient;
  model: string;
  /** Whole-call budget across retries, kept under API Gateway's 29 s. */
  deadlineMs?: number;
}

export interface Recommender {
  recommend(held: readonly HeldCertification[], requestId: string): Promise<Recommendation>;
}

const DEFAULT_DEADLINE_MS = 25_000;

/** What may be logged about a failure: its kind and, for HTTP errors, the status. */
export function failureSummary(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: typeof error };
  // The SDK's error classes keep the default name "Error"; their class says what happened.
  const summary: Record<string, unknown> = {
    error: error.name !== 'Error' ? error.name : error.constructor.name,
  };
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number') summary.status = status;
  const code = (error as { code?: unknown }).code;
  // Provider codes are fixed identifiers ("invalid_api_key"); anything longer may be text.
  if (typeof code === 'string' && /^[a-z0-9_.-]{1,64}$/i.test(code)) summary.code = code;
  return summary;
}

export function createRecommender(deps: RecommenderDeps): Recommender {
  let client: { key: string; client: ChatClient } | undefined;

  function clientFor(key: string): ChatClient {
    if (client?.key !== key) client = { key, client: deps.createClient(key) };
    return client.client;
  }

  /**
   * The catalogue (about 80 KB of data) is loaded on the first answer: the
   * bundler makes catalogue-text a file of its own, so the cold start of
   * every container stays within the bundle budget. Both paths use it: the
   * offline answer is made from it, and the AI prompt is grounded in it.
   */
  const catalogue = () => import('./catalogue-text');

  async function fromCatalogue(held: readonly HeldCertification[]): Promise<Recommendation> {
    const { catalogueRecommendation } = await catalogue();
    return { ...catalogueRecommendation(held), source: 'catalogue' };
  }

  return {
    async recommend(held, requestId) {
      let key: string | undefined;
      try {
        key = await deps.apiKey();
      } catch (error) {
        logger.warn('AI key unavailable; answering from the catalogue', {
          requestId,
          ...failureSummary(error),
        });
        return fromCatalogue(held);
      }
      if (key === undefined) return fromCatalogue(held);

      try {
        const { promptEntries, entriesNamedIn } = await catalogue();
        const offered = promptEntries(held);
        const text = await askForRecommendations(
          clientFor(key),
          deps.model,
          // The names as the user gave them (the type alone is imported: the catalogue loads lazily).
          held.map((h) => (typeof h === 'string' ? h : h.name)),
          AbortSignal.timeout(deps.deadlineMs ?? DEFAULT_DEADLINE_MS),
          offered.prompt,
        );
        return { text, source: 'openai', entries: entriesNamedIn(text, held, offered.entries) };
      } catch (error) {
        logger.warn('AI recommendation failed; answering from the catalogue', {
          requestId,
          model: deps.model,
          ...failureSummary(error),
        });
        return fromCatalogue(held);
      }
    },
  };
}
