import { createDataApiDb } from '../aws/data-api';
import { createLazyS3Storage } from '../aws/lazy-storage';
import { createActivitiesHandler } from '../handlers/activities';
import { container } from './container';

const { config, aws } = container();

export const handler = createActivitiesHandler({
  db: createDataApiDb(aws, config),
  storage: createLazyS3Storage(aws, config.EVIDENCE_BUCKET),
});
