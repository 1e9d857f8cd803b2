import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { LockoutState } from './lockout';
import type { LimitedAction } from './limits';
import type { Verifier } from './srp';
import { readJsonState, type Warn, writeFileAtomic } from '../state/files';

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

interface StateFile {
  version: 1;
  users: Record<string, StoredUser>;
  sessions: Record<string, StoredSession>;
}

function isStateFile(value: unknown): value is StateFile {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<StateFile>;
  return (
    v.version === 1 &&
    typeof v.users === 'object' &&
    v.users !== null &&
    typeof v.sessions === 'object' &&
    v.sessions !== null
  );
}

/**
 * The pool's users and sessions. Everything lives in memory, in Maps (keys
 * come from requests: a username like `__proto__` must find nobody); with a
 * directory the whole state is rewritten atomically after every change,
 * which is cheap at local scale and keeps a restart lossless.
 */
export class PoolStore {
  private constructor(
    private readonly users: Map<string, StoredUser>,
    private readonly sessions: Map<string, StoredSession>,
    private readonly file: string | undefined,
  ) {}

  static open(directory: string | undefined, warn: Warn = console.warn): PoolStore {
    if (directory === undefined) return new PoolStore(new Map(), new Map(), undefined);
    mkdirSync(directory, { recursive: true });
    const file = join(directory, 'state.json');
    const state = readJsonState(file, isStateFile, warn);
    return new PoolStore(
      new Map(Object.entries(state?.users ?? {})),
      new Map(Object.entries(state?.sessions ?? {})),
      file,
    );
  }

  findUser(username: string): StoredUser | undefined {
    const byId = this.users.get(username);
    if (byId) return byId;
    const key = username.toLowerCase();
    for (const user of this.users.values()) {
      if (user.email.toLowerCase() === key) return user;
    }
    return undefined;
  }

  putUser(user: StoredUser): void {
    this.users.set(user.sub, user);
    this.save();
  }

  deleteUser(sub: string): void {
    this.users.delete(sub);
    for (const [id, session] of this.sessions) {
      if (session.sub === sub) this.sessions.delete(id);
    }
    this.save();
  }

  findSession(originJti: string): StoredSession | undefined {
    return this.sessions.get(originJti);
  }

  findSessionByRefreshHash(hash: string): StoredSession | undefined {
    for (const session of this.sessions.values()) {
      if (session.refreshTokenHash === hash) return session;
    }
    return undefined;
  }

  putSession(session: StoredSession, now: number): void {
    this.sessions.set(session.originJti, session);
    this.pruneSessions(now);
    this.save();
  }

  revokeSessionsOf(sub: string): void {
    for (const session of this.sessions.values()) {
      if (session.sub === sub) session.revoked = true;
    }
    this.save();
  }

  revokeSession(originJti: string): void {
    const session = this.sessions.get(originJti);
    if (!session) return;
    session.revoked = true;
    this.save();
  }

  save(): void {
    if (this.file === undefined) return;
    const state: StateFile = {
      version: 1,
      users: Object.fromEntries(this.users),
      sessions: Object.fromEntries(this.sessions),
    };
    writeFileAtomic(this.file, JSON.stringify(state, null, 2));
  }

  /** Dropping a session only once its refresh token is dead keeps revocation answers exact until then. */
  private pruneSessions(now: number): void {
    for (const [id, session] of this.sessions) {
      if (session.expiresAt <= now) this.sessions.delete(id);
    }
  }
}
