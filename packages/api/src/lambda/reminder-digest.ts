import { systemClock } from '@cpe/shared/clock';
import { createDataApiDb } from '../aws/data-api';
import { createSecretsManagerReader } from '../aws/secrets';
import { createSesMailer } from '../aws/ses';
import { createReminderDigestHandler } from '../handlers/reminders';
import { withLambdaContext } from '../log';
import { container } from './container';

const { config, aws } = container();

/** EventBridge Scheduler invokes it daily with `{}`; `{"now": "<ISO>"}` runs it as of another moment. */
export const handler = withLambdaContext(
  createReminderDigestHandler({
    config,
    clock: systemClock,
    db: createDataApiDb(aws, config),
    secrets: createSecretsManagerReader(aws),
    mailer: createSesMailer(aws),
  }),
);
