import { systemClock } from '@cpe/shared/clock';
import { createDataApiDb } from '../aws/data-api';
import { createS3Storage } from '../aws/s3';
import { createSecretsManagerReader } from '../aws/secrets';
import { createSesMailer } from '../aws/ses';
import { createInboundHandlerFrom } from '../handlers/inbound';
import { withLambdaContext } from '../log';
import { container } from './container';

const { config, aws } = container();

/** SES's receipt rule invokes it asynchronously with the receipt of a message it stored under inbound/. */
export const handler = withLambdaContext(
  createInboundHandlerFrom({
    config,
    clock: systemClock,
    db: createDataApiDb(aws, config),
    storage: createS3Storage(aws, config.EVIDENCE_BUCKET),
    mailer: createSesMailer(aws),
    secrets: createSecretsManagerReader(aws),
  }),
);
