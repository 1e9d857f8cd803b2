/**
 * The unsubscribe link's token: `<user id>.<signature>`, where the signature
 * is HMAC-SHA256 over the purpose and the user id with the reminder signing
 * key (a Secrets Manager secret, `{"signingKey": "..."}`). No login, no
 * expiry: RFC 8058 asks that a one-click link keep working, and all it can do
 * is turn reminder emails off. The purpose in the MAC keeps the key from
 * signing anything else by accident.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod/mini';
import type { SecretReader } from '../secrets';

const PURPOSE = 'cpe-tracker:unsubscribe-reminders:v1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** An HMAC-SHA256 in base64url without padding: exactly 43 characters of its alphabet. */
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

const signingSecret = z.object({ signingKey: z.string().check(z.minLength(32)) });

export interface UnsubscribeTokens {
  sign(userId: string): Promise<string>;
  /** The user id a genuine token names; undefined for anything else. */
  verify(token: string): Promise<string | undefined>;
}

function mac(key: string, userId: string): Buffer {
  return createHmac('sha256', key).update(`${PURPOSE}\n${userId}`).digest();
}

export function createUnsubscribeTokens(
  secrets: SecretReader,
  secretArn: string | undefined,
): UnsubscribeTokens {
  async function key(): Promise<string> {
    if (!secretArn) throw new Error('REMINDER_SECRET_ARN is not set');
    const value = signingSecret.safeParse(await secrets.getSecretJson(secretArn));
    if (!value.success) throw new Error('The reminder signing secret has no signingKey');
    return value.data.signingKey;
  }
  return {
    async sign(userId) {
      return `${userId}.${mac(await key(), userId).toString('base64url')}`;
    },
    async verify(token) {
      const [userId, signature, ...rest] = token.split('.');
      // Exactly what sign() writes: Buffer's base64url decoder would skip stray characters.
      if (rest.length > 0 || !userId || !signature || !UUID.test(userId)) return undefined;
      if (!SIGNATURE.test(signature)) return undefined;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(await key(), userId);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      return userId;
    },
  };
}
