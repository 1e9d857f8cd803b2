import { createDataApiDb } from '../aws/data-api';
import { createSecretsManagerReader } from '../aws/secrets';
import { createRecommendationsHandlerFrom } from '../handlers/recommendations';
import { container } from './container';

const { config, aws } = container();

export const handler = createRecommendationsHandlerFrom({
  config,
  db: createDataApiDb(aws, config),
  secrets: createSecretsManagerReader(aws),
});
