import { z } from 'zod';
import { countAttempt, requireClient } from '../auth';
import { cognitoError } from '../errors';
import { parseInput } from '../input';
import { issueCode } from '../issue-code';
import { messages } from '../messages';
import type { Services } from '../services';
import { unknownUser } from '../simulated';

const Input = z.object({ ClientId: z.string().min(1), Username: z.string().min(1) });

export async function forgotPassword(
  services: Pick<Services, 'pool' | 'store' | 'clock' | 'mailer'>,
  raw: unknown,
) {
  const input = parseInput(Input, raw);
  requireClient(services.pool, input.ClientId);
  const user = services.store.findUser(input.Username);
  if (!user) return { CodeDeliveryDetails: unknownUser.codeDelivery(input.Username) };
  if (user.attributes.email_verified !== 'true') {
    throw cognitoError('InvalidParameterException', messages.cannotResetUnverified);
  }
  countAttempt(services, user, 'ForgotPassword');
  const delivery = await issueCode(services, user, 'forgotPassword');
  return { CodeDeliveryDetails: delivery };
}
