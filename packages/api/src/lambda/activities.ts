import { createDataApiDb } from '../aws/data-api';
import { createActivitiesHandler } from '../handlers/activities';
import { container } from './container';

const { config, aws } = container();

export const handler = createActivitiesHandler({ db: createDataApiDb(aws, config) });
