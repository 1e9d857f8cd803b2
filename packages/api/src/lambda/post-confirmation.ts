import { createDataApiDb } from '../aws/data-api';
import { createPostConfirmationHandler } from '../handlers/post-confirmation';
import { container } from './container';

const { config, aws } = container();

export const handler = createPostConfirmationHandler({ db: createDataApiDb(aws, config) });
