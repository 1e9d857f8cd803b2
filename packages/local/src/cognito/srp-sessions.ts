import { randomBytes } from 'node:crypto';

/** What the server must remember between the two SRP round trips. */
export interface SrpSession {
  /** Undefined for a simulated challenge (unknown user): it can only fail. */
  sub: string | undefined;
  userIdForSrp: string;
  A: string;
  B: string;
  b: string;
  secretBlock: string;
  createdAt: number;
}

export const SRP_SESSION_MS = 3 * 60_000;

/**
 * Challenge state, found by the SECRET_BLOCK the client echoes (Cognito's
 * secret block carries that state), checked against the Session when the
 * client sends one. Kept in memory only: a sign-in interrupted by a restart
 * starts over, as an expired one would.
 */
export class SrpSessions {
  private readonly sessions = new Map<string, SrpSession & { id: string }>();

  /** Returns the opaque Session string for the client. */
  open(session: SrpSession): string {
    this.prune(session.createdAt);
    const id = randomBytes(64).toString('base64url');
    this.sessions.set(session.secretBlock, { ...session, id });
    return id;
  }

  /** A challenge is answered once, right or wrong. */
  take(secretBlock: string, sessionId: string | undefined, now: number): SrpSession | undefined {
    const session = this.sessions.get(secretBlock);
    if (!session) return undefined;
    this.sessions.delete(secretBlock);
    if (sessionId !== undefined && sessionId !== session.id) return undefined;
    if (now - session.createdAt > SRP_SESSION_MS) return undefined;
    return session;
  }

  private prune(now: number): void {
    for (const [key, session] of this.sessions) {
      if (now - session.createdAt > SRP_SESSION_MS) this.sessions.delete(key);
    }
  }
}
