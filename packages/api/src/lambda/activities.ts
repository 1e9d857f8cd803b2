import { createDataApiDb } from '../aws/data-api';
import { createS3Storage } from '../aws/s3';
import { createActivitiesHandler } from '../handlers/activities';
import { withLambdaContext } from '../log';
import { container } from './container';

const { config, aws } = container();

export const handler = withLambdaContext(
  createActivitiesHandler({
    db: createDataApiDb(aws, config),
    storage: createS3Storage(aws, config.EVIDENCE_BUCKET),
  }),
);
