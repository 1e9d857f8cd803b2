import { join } from 'node:path';
import { systemClock, type Clock } from '../clock';
import type { HttpService } from '../http/types';
import { createCognitoHttpService } from './http';
import { createCodeMailer } from './mail';
import type { Services } from './services';
import { poolNameOf } from './srp';
import { SrpSessions } from './srp-sessions';
import { PoolStore } from './store';
import { createTokenService, loadOrCreateKeys, type PublicJwk } from './tokens';
import type { PostConfirmationEvent, PostConfirmationTrigger } from './trigger';

export type { PostConfirmationEvent, PostConfirmationTrigger } from './trigger';
export type { PublicJwk } from './tokens';

export interface CognitoEmulatorOptions {
  /** e.g. `ap-southeast-2_LocalPool1`: Amplify takes the region from before `_`, SRP the pool name from after. */
  userPoolId: string;
  clientId: string;
  /** A function because the port is known only after the server listens. */
  issuer: () => string;
  /** State (users, codes, sessions, signing keys) is persisted as JSON under `<dataDir>/<userPoolId>/`; undefined keeps it in memory. */
  dataDir?: string;
  clock?: Clock;
  sendMail: (mail: { to: string; subject: string; text: string }) => Promise<void>;
  postConfirmation?: (event: PostConfirmationEvent) => Promise<unknown>;
  /** Receives codes too, so a developer can confirm without reading mail. */
  log?: (line: string) => void;
}

export interface CognitoEmulator {
  /** POST / (JSON 1.1 operations), GET /{userPoolId}/.well-known/jwks.json, OPTIONS. */
  handle: HttpService;
  jwks(): { keys: PublicJwk[] };
  close(): Promise<void>;
}

const POOL_ID = /^([a-z]{2}-(?:gov-)?[a-z]+-\d)_([a-zA-Z0-9]+)$/;

export async function createCognitoEmulator(
  options: CognitoEmulatorOptions,
): Promise<CognitoEmulator> {
  const match = POOL_ID.exec(options.userPoolId);
  if (!match?.[1]) {
    throw new Error(`userPoolId ${options.userPoolId} must look like ap-southeast-2_LocalPool1`);
  }
  const directory =
    options.dataDir === undefined ? undefined : join(options.dataDir, options.userPoolId);
  const clock = options.clock ?? systemClock;
  const log = options.log ?? (() => undefined);
  const store = PoolStore.open(directory, log);
  const tokens = createTokenService({
    keys: await loadOrCreateKeys(directory, log),
    clientId: options.clientId,
    issuer: options.issuer,
    clock,
  });
  const postConfirmation: PostConfirmationTrigger | undefined = options.postConfirmation;
  const services: Services = {
    pool: {
      userPoolId: options.userPoolId,
      clientId: options.clientId,
      poolName: poolNameOf(options.userPoolId),
      region: match[1],
    },
    store,
    clock,
    tokens,
    mailer: createCodeMailer({ sendMail: options.sendMail, log }),
    srpSessions: new SrpSessions(),
    postConfirmation,
    log,
  };
  const handle = createCognitoHttpService({ services, issuer: options.issuer, jwks: tokens.jwks });
  return {
    handle,
    jwks: tokens.jwks,
    close: () => {
      store.save();
      return Promise.resolve();
    },
  };
}
export { createSrpClient } from './srp-client';
