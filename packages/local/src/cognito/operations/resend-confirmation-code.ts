import { z } from 'zod';
import { countAttempt, requireClient } from '../auth';
import { cognitoError } from '../errors';
import { parseInput } from '../input';
import { issueCode } from '../issue-code';
import { messages } from '../messages';
import type { Services } from '../services';
import { unknownUser } from '../simulated';

const Input = z.object({ ClientId: z.string().min(1), Username: z.string().min(1) });

export async function resendConfirmationCode(
  services: Pick<Services, 'pool' | 'store' | 'clock' | 'mailer'>,
  raw: unknown,
) {
  const input = parseInput(Input, raw);
  requireClient(services.pool, input.ClientId);
  const user = services.store.findUser(input.Username);
  if (!user) return { CodeDeliveryDetails: unknownUser.codeDelivery(input.Username) };
  if (user.status === 'CONFIRMED') {
    throw cognitoError('InvalidParameterException', messages.alreadyConfirmed);
  }
  countAttempt(services, user, 'ResendConfirmationCode');
  const delivery = await issueCode(services, user, 'confirmSignUp');
  return { CodeDeliveryDetails: delivery };
}
