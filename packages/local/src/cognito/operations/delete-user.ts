import { z } from 'zod';
import { authenticate } from '../auth';
import { parseInput } from '../input';
import type { Services } from '../services';

const Input = z.object({ AccessToken: z.string().min(1) });

/** The signed-in user deletes themselves: the user and every session go, so their tokens stop working. */
export async function deleteUser(services: Pick<Services, 'store' | 'tokens'>, raw: unknown) {
  const input = parseInput(Input, raw);
  const { user } = await authenticate(services, input.AccessToken);
  services.store.deleteUser(user.sub);
  return {};
}
