import { z } from 'zod';
import { authenticate } from '../auth';
import { parseInput } from '../input';
import type { Services } from '../services';

const Input = z.object({ AccessToken: z.string().min(1) });

/** Ends every session of the user: their refresh tokens and the access tokens issued from them. */
export async function globalSignOut(services: Pick<Services, 'store' | 'tokens'>, raw: unknown) {
  const input = parseInput(Input, raw);
  const { user } = await authenticate(services, input.AccessToken);
  services.store.revokeSessionsOf(user.sub);
  return {};
}
