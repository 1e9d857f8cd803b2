import { createDataApiDb } from '../aws/data-api';
import { createPostConfirmationHandler } from '../handlers/post-confirmation';
import { withLambdaContext } from '../log';
import { container } from './container';

const { config, aws } = container();

export const handler = withLambdaContext(
  createPostConfirmationHandler({ db: createDataApiDb(aws, config) }),
);
