import { z } from 'zod';
import { requireClient } from '../auth';
import { parseInput } from '../input';
import type { Services } from '../services';
import { hashRefreshToken } from '../tokens';

const Input = z.object({ ClientId: z.string().min(1), Token: z.string().min(1) });

/**
 * Revokes a refresh token and every access token issued from it. An unknown
 * token is answered like a revoked one (RFC 7009), so Amplify's signOut never
 * learns more than it needs.
 */
export function revokeToken(services: Pick<Services, 'pool' | 'store'>, raw: unknown) {
  const input = parseInput(Input, raw);
  requireClient(services.pool, input.ClientId);
  const session = services.store.findSessionByRefreshHash(hashRefreshToken(input.Token));
  if (session) services.store.revokeSession(session.originJti);
  return Promise.resolve({});
}
