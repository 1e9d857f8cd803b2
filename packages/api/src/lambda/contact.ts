import { createDataApiDb } from '../aws/data-api';
import { createSesMailer } from '../aws/ses';
import { createContactHandler } from '../handlers/contact';
import { container } from './container';

const { config, aws } = container();

export const handler = createContactHandler({
  config,
  db: createDataApiDb(aws, config),
  mailer: createSesMailer(aws),
});
