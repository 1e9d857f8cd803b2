import { z } from 'zod';
import { refreshSession, requireClient } from '../auth';
import { parseInput } from '../input';
import type { Services } from '../services';

const Input = z.object({ ClientId: z.string().min(1), RefreshToken: z.string().min(1) });

/** What Amplify >= 6.14 calls to refresh; without rotation no new refresh token is issued. */
export async function getTokensFromRefreshToken(
  services: Pick<Services, 'pool' | 'store' | 'clock' | 'tokens'>,
  raw: unknown,
) {
  const input = parseInput(Input, raw);
  requireClient(services.pool, input.ClientId);
  return { AuthenticationResult: await refreshSession(services, input.RefreshToken) };
}
