import { systemClock } from '@cpe/shared/clock';
import { createDataApiDb } from '../aws/data-api';
import { createSesMailer } from '../aws/ses';
import { createContactDigestHandler } from '../handlers/contact';
import { withLambdaContext } from '../log';
import { container } from './container';

const { config, aws } = container();

export const handler = withLambdaContext(
  createContactDigestHandler({
    config,
    clock: systemClock,
    db: createDataApiDb(aws, config),
    mailer: createSesMailer(aws),
  }),
);
