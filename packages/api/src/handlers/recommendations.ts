/**
 * POST /api/recommendations: what to certify in next, from the caller's
 * certification names. The AI key stays server-side in Secrets Manager; the
 * browser only ever sees the answer text.
 */
import { getDb, type Queryable } from '../db';
import { listCertificationNames } from '../data/recommendations';
import { env } from '../env';
import { createHandler } from '../http/handler';
import { createOpenAiClient, openAiKeyFromSecret } from '../recommend/openai';
import { type Recommender, createRecommender } from '../recommend/recommender';
import { getSecretJson } from '../secrets';

const config = env();

export function createRecommendationsHandler(deps: {
  recommender: Recommender;
  db?: () => Queryable;
}) {
  const db = deps.db ?? getDb;
  return createHandler('recommendations', {
    async recommendCertifications({ caller, requestId }) {
      const names = await listCertificationNames(db(), caller.sub);
      return deps.recommender.recommend(names, requestId);
    },
  });
}

export const handler = createRecommendationsHandler({
  recommender: createRecommender({
    apiKey: () => openAiKeyFromSecret(getSecretJson, config.OPENAI_SECRET_ARN),
    createClient: (apiKey) => createOpenAiClient(apiKey, { baseURL: config.OPENAI_BASE_URL }),
    model: config.OPENAI_MODEL,
  }),
});
