import { systemClock } from '@cpe/shared/clock';
import { createDataApiDb } from '../aws/data-api';
import { createS3Storage } from '../aws/s3';
import { createSecretsManagerReader } from '../aws/secrets';
import { createReportsHandlerFrom } from '../handlers/reports';
import { withLambdaContext } from '../log';
import { container } from './container';

const { config, aws } = container();

export const handler = withLambdaContext(
  createReportsHandlerFrom({
    config,
    db: createDataApiDb(aws, config),
    storage: createS3Storage(aws, config.EVIDENCE_BUCKET),
    clock: systemClock,
    secrets: createSecretsManagerReader(aws),
  }),
);
