import { createCognitoIdentity } from '../aws/cognito';
import { createDataApiDb } from '../aws/data-api';
import { createUsersHandler } from '../handlers/users';
import { withLambdaContext } from '../log';
import { container } from './container';

const { config, aws } = container();

export const handler = withLambdaContext(
  createUsersHandler({
    db: createDataApiDb(aws, config),
    identity: createCognitoIdentity(aws),
  }),
);
