import { createDataApiDb } from '../aws/data-api';
import { createHealthHandler } from '../handlers/health';
import { container } from './container';

const { config, aws } = container();

export const handler = createHealthHandler({ db: createDataApiDb(aws, config) });
