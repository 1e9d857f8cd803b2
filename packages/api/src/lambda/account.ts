import { systemClock } from '@cpe/shared/clock';
import { createCognitoIdentity } from '../aws/cognito';
import { createDataApiDb } from '../aws/data-api';
import { createS3Storage } from '../aws/s3';
import { createSesMailer } from '../aws/ses';
import { createAccountHandler } from '../handlers/account';
import { withLambdaContext } from '../log';
import { container } from './container';

const { config, aws } = container();

export const handler = withLambdaContext(
  createAccountHandler({
    db: createDataApiDb(aws, config),
    clock: systemClock,
    identity: createCognitoIdentity(aws),
    storage: createS3Storage(aws, config.EVIDENCE_BUCKET),
    mailer: createSesMailer(aws),
    config,
  }),
);
