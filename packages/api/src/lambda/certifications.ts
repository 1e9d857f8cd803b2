import { systemClock } from '@cpe/shared/clock';
import { createDataApiDb } from '../aws/data-api';
import { createCertificationsHandler } from '../handlers/certifications';
import { container } from './container';

const { config, aws } = container();

export const handler = createCertificationsHandler({
  db: createDataApiDb(aws, config),
  clock: systemClock,
});
