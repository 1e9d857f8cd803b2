import { createCognitoIdentity } from '../aws/cognito';
import { createDataApiDb } from '../aws/data-api';
import { createUsersHandler } from '../handlers/users';
import { container } from './container';

const { config, aws } = container();

export const handler = createUsersHandler({
  db: createDataApiDb(aws, config),
  identity: createCognitoIdentity(aws),
});
