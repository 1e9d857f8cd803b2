import { z } from 'zod';
import { MARKETING_OPT_ATTRIBUTE } from '@cpe/shared/user-pool';
import { authenticate } from '../auth';
import { parseInput } from '../input';
import type { Services } from '../services';

const Input = z.object({ AccessToken: z.string().min(1) });

export async function getUser(services: Pick<Services, 'store' | 'tokens'>, raw: unknown) {
  const input = parseInput(Input, raw);
  const { user } = await authenticate(services, input.AccessToken);
  const marketingOpt = user.attributes[MARKETING_OPT_ATTRIBUTE];
  const attributes = [
    { Name: 'sub', Value: user.sub },
    { Name: 'email_verified', Value: user.attributes.email_verified ?? 'false' },
    ...(marketingOpt === undefined ? [] : [{ Name: MARKETING_OPT_ATTRIBUTE, Value: marketingOpt }]),
    { Name: 'email', Value: user.email },
  ];
  return { Username: user.sub, UserAttributes: attributes };
}
