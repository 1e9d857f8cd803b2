import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LockoutState } from './lockout';
import type { LimitedAction } from './limits';
import type { Verifier } from './srp';

export type UserStatus = 'UNCONFIRMED' | 'CONFIRMED';

export interface StoredCode {
  code: string;
  /** Epoch ms. */
  expiresAt: number;
}

export interface StoredUser {
  /** Also the Cognito username: email is only a sign-in alias in an email-username pool. */
  sub: string;
  email: string;
  status: UserStatus;
  /** Attributes other than sub and email, as Cognito stores them: strings. */
  attributes: Record<string, string>;
  /** Only the SRP verifier is kept, never the password. */
  password: Verifier;
  createdAt: number;
  updatedAt: number;
  codes: { confirmSignUp?: StoredCode; forgotPassword?: StoredCode };
  /** Epoch ms of recent attempts, per rate-limited action. */
  attempts: Partial<Record<LimitedAction, number[]>>;
  lockout: LockoutState;
}

/** One sign-in: its refresh token and every access/ID token refreshed from it share `originJti`. */
export interface StoredSession {
  originJti: string;
  sub: string;
  /** Epoch seconds, copied into auth_time of every token of the session. */
  authTime: number;
  refreshTokenHash: string;
  /** Epoch ms: when the refresh token expires. */
  expiresAt: number;
  revoked: boolean;
}

interface State {
  version: 1;
  users: Record<string, StoredUser>;
  sessions: Record<string, StoredSession>;
}

const emptyState = (): State => ({ version: 1, users: {}, sessions: {} });

/**
 * The pool's users and sessions. Everything lives in memory; with a directory
 * the whole state is rewritten (atomically, via rename) after every change,
 * which is cheap at local scale and keeps a restart lossless.
 */
export class PoolStore {
  private constructor(
    private readonly state: State,
    private readonly file: string | undefined,
  ) {}

  static open(directory: string | undefined): PoolStore {
    if (directory === undefined) return new PoolStore(emptyState(), undefined);
    mkdirSync(directory, { recursive: true });
    const file = join(directory, 'state.json');
    return new PoolStore(readState(file), file);
  }

  findUser(username: string): StoredUser | undefined {
    const byId = this.state.users[username];
    if (byId) return byId;
    const key = username.toLowerCase();
    return Object.values(this.state.users).find((user) => user.email.toLowerCase() === key);
  }

  putUser(user: StoredUser): void {
    this.state.users[user.sub] = user;
    this.save();
  }

  findSession(originJti: string): StoredSession | undefined {
    return this.state.sessions[originJti];
  }

  findSessionByRefreshHash(hash: string): StoredSession | undefined {
    return Object.values(this.state.sessions).find((s) => s.refreshTokenHash === hash);
  }

  putSession(session: StoredSession, now: number): void {
    this.state.sessions[session.originJti] = session;
    this.pruneSessions(now);
    this.save();
  }

  revokeSessionsOf(sub: string): void {
    for (const session of Object.values(this.state.sessions)) {
      if (session.sub === sub) session.revoked = true;
    }
    this.save();
  }

  revokeSession(originJti: string): void {
    const session = this.state.sessions[originJti];
    if (!session) return;
    session.revoked = true;
    this.save();
  }

  save(): void {
    if (this.file === undefined) return;
    writeAtomically(this.file, JSON.stringify(this.state, null, 2));
  }

  /** Dropping a session only once its refresh token is dead keeps revocation answers exact until then. */
  private pruneSessions(now: number): void {
    for (const [id, session] of Object.entries(this.state.sessions)) {
      if (session.expiresAt <= now) delete this.state.sessions[id];
    }
  }
}

export function writeAtomically(file: string, content: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, content, { mode: 0o600 });
  renameSync(temporary, file);
}

function readState(file: string): State {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyState();
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<State>;
  if (
    parsed.version !== 1 ||
    typeof parsed.users !== 'object' ||
    typeof parsed.sessions !== 'object'
  ) {
    throw new Error(`${file} is not a user pool state file this emulator understands`);
  }
  return parsed as State;
}
