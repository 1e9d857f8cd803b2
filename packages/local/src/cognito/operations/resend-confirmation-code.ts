import { cognitoError } from '../errors';
import { requestCode } from '../issue-code';
import { messages } from '../messages';
import type { Services } from '../services';

export function resendConfirmationCode(
  services: Pick<Services, 'pool' | 'store' | 'clock' | 'mailer'>,
  raw: unknown,
) {
  return requestCode(services, raw, {
    action: 'ResendConfirmationCode',
    kind: 'confirmSignUp',
    refuse: (user) => {
      if (user.status === 'CONFIRMED') {
        throw cognitoError('InvalidParameterException', messages.alreadyConfirmed);
      }
    },
  });
}
