import { createDataApiDb } from '../aws/data-api';
import { createMigrateHandler } from '../handlers/migrate';
import { container } from './container';

const { config, aws } = container();

export const handler = createMigrateHandler({ config, db: createDataApiDb(aws, config) });
