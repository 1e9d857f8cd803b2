import { createDataApiDb } from '../aws/data-api';
import { createS3Storage } from '../aws/s3';
import { systemClock } from '@cpe/shared/clock';
import { createFilesHandler } from '../handlers/files';
import { withLambdaContext } from '../log';
import { container } from './container';

const { config, aws } = container();

export const handler = withLambdaContext(
  createFilesHandler({
    db: createDataApiDb(aws, config),
    storage: createS3Storage(aws, config.EVIDENCE_BUCKET),
    clock: systemClock,
  }),
);
