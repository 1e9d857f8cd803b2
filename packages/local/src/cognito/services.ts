import type { Clock } from '../clock';
import type { CodeMailer } from './mail';
import type { SrpSessions } from './srp-sessions';
import type { PoolStore } from './store';
import type { TokenService } from './tokens';
import type { PostConfirmationTrigger } from './trigger';

export interface PoolIdentity {
  userPoolId: string;
  clientId: string;
  /** The part of the pool id after `_`: SRP hashes it into every password. */
  poolName: string;
  region: string;
}

/** Everything an operation may use; each operation declares the subset it needs. */
export interface Services {
  pool: PoolIdentity;
  store: PoolStore;
  clock: Clock;
  tokens: TokenService;
  mailer: CodeMailer;
  srpSessions: SrpSessions;
  postConfirmation: PostConfirmationTrigger | undefined;
  log: (line: string) => void;
}

/** One emulated operation: validated JSON in, JSON out, CognitoError for every refusal. */
export type Operation = (services: Services, input: unknown) => Promise<object>;
