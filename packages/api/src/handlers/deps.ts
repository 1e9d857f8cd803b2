/**
 * Everything a handler may be given. Each factory takes only the slice it
 * uses (`Pick<HandlerDeps, ...>`); the two composition roots (the Lambda entry
 * files in src/lambda/ and the local runtime) build them.
 */
import type { Clock } from '@cpe/shared/clock';
import type { Identity } from '../aws/cognito';
import type { Mailer } from '../aws/ses';
import type { Storage } from '../aws/storage';
import type { ApiConfig } from '../config';
import type { Db } from '../db';
import type { SecretReader } from '../secrets';

export interface HandlerDeps {
  config: ApiConfig;
  db: Db;
  clock: Clock;
  secrets: SecretReader;
  identity: Identity;
  mailer: Mailer;
  /** The evidence bucket (EVIDENCE_BUCKET). */
  storage: Storage;
}
