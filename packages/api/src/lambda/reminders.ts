import { systemClock } from '@cpe/shared/clock';
import { createDataApiDb } from '../aws/data-api';
import { createSecretsManagerReader } from '../aws/secrets';
import { createRemindersHandler } from '../handlers/reminders';
import { withLambdaContext } from '../log';
import { container } from './container';

const { config, aws } = container();

export const handler = withLambdaContext(
  createRemindersHandler({
    config,
    clock: systemClock,
    db: createDataApiDb(aws, config),
    secrets: createSecretsManagerReader(aws),
  }),
);
