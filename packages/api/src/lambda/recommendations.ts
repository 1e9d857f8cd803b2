import { createDataApiDb } from '../aws/data-api';
import { createSecretsManagerReader } from '../aws/secrets';
import { createRecommendationsHandlerFrom } from '../handlers/recommendations';
import { withLambdaContext } from '../log';
import { container } from './container';

const { config, aws } = container();

export const handler = withLambdaContext(
  createRecommendationsHandlerFrom({
    config,
    db: createDataApiDb(aws, config),
    secrets: createSecretsManagerReader(aws),
  }),
);
