import { createDataApiDb } from '../aws/data-api';
import { createMigrateHandler } from '../handlers/migrate';
import { withLambdaContext } from '../log';
import { container } from './container';

const { config, aws } = container();

export const handler = withLambdaContext(
  createMigrateHandler({ config, db: createDataApiDb(aws, config) }),
);
