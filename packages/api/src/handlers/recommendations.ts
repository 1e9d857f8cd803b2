/**
 * POST /api/recommendations: what to certify in next, from the caller's
 * certification names. The AI key stays server-side in Secrets Manager; the
 * browser only ever sees the answer text.
 */
import { recommendationsRoutes } from '@cpe/shared/routes';
import type { ApiConfig } from '../config';
import type { Queryable } from '../db';
import { listHeldCertifications } from '../data/recommendations';
import { accountGuard } from '../data/users';
import { NotFoundError } from '../errors';
import { createHandlerWith } from '../http/handler';
import { createOpenAiClient, openAiKeyFromSecret } from '../recommend/openai';
import { type Recommender, createRecommender } from '../recommend/recommender';
import type { SecretReader } from '../secrets';
import type { HandlerDeps } from './deps';

/** The recommender the configuration asks for: OpenAI when a key secret is set, the catalogue otherwise. */
export function recommenderFor(
  config: Pick<
    ApiConfig,
    'OPENAI_SECRET_ARN' | 'OPENAI_MODEL' | 'OPENAI_BASE_URL' | 'OPENAI_TIMEOUT_MS'
  >,
  secrets: SecretReader,
): Recommender {
  return createRecommender({
    apiKey: () =>
      openAiKeyFromSecret((arn) => secrets.getSecretJson(arn), config.OPENAI_SECRET_ARN),
    createClient: (apiKey) =>
      createOpenAiClient(apiKey, {
        baseURL: config.OPENAI_BASE_URL,
        timeoutMs: config.OPENAI_TIMEOUT_MS,
      }),
    model: config.OPENAI_MODEL,
  });
}

export function createRecommendationsHandler(deps: { db: Queryable; recommender: Recommender }) {
  const { db, recommender } = deps;
  return createHandlerWith(accountGuard(db))(recommendationsRoutes, {
    async recommendCertifications({ caller, requestId }) {
      const held = await listHeldCertifications(db, caller.sub);
      if (held === undefined) throw new NotFoundError();
      return recommender.recommend(held, requestId);
    },
  });
}

/** The handler from the standard dependencies. */
export function createRecommendationsHandlerFrom(
  deps: Pick<HandlerDeps, 'db' | 'config' | 'secrets'>,
) {
  return createRecommendationsHandler({
    db: deps.db,
    recommender: recommenderFor(deps.config, deps.secrets),
  });
}
