import { randomInt } from 'node:crypto';
import type { StoredCode } from './store';

export function newCode(now: number, lifetimeMs: number): StoredCode {
  return { code: String(randomInt(0, 1_000_000)).padStart(6, '0'), expiresAt: now + lifetimeMs };
}

export type CodeCheck = 'ok' | 'mismatch' | 'expired';

/** A code never requested, or past its lifetime, is as good as gone: "request a code again". */
export function checkCode(stored: StoredCode | undefined, given: string, now: number): CodeCheck {
  if (!stored || stored.expiresAt <= now) return 'expired';
  return stored.code === given.trim() ? 'ok' : 'mismatch';
}
