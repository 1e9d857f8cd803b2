import { systemClock } from '@cpe/shared/clock';
import { createDataApiDb } from '../aws/data-api';
import { createCertificationsHandler } from '../handlers/certifications';
import { withLambdaContext } from '../log';
import { container } from './container';

const { config, aws } = container();

export const handler = withLambdaContext(
  createCertificationsHandler({
    db: createDataApiDb(aws, config),
    clock: systemClock,
    config,
  }),
);
