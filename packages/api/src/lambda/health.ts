import { createDataApiDb } from '../aws/data-api';
import { createHealthHandler } from '../handlers/health';
import { withLambdaContext } from '../log';
import { container } from './container';

const { config, aws } = container();

export const handler = withLambdaContext(createHealthHandler({ db: createDataApiDb(aws, config) }));
