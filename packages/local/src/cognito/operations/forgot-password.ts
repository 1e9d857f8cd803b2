import { cognitoError } from '../errors';
import { requestCode } from '../issue-code';
import { messages } from '../messages';
import type { Services } from '../services';

export function forgotPassword(
  services: Pick<Services, 'pool' | 'store' | 'clock' | 'mailer'>,
  raw: unknown,
) {
  return requestCode(services, raw, {
    action: 'ForgotPassword',
    kind: 'forgotPassword',
    refuse: (user) => {
      if (user.attributes.email_verified !== 'true') {
        throw cognitoError('InvalidParameterException', messages.cannotResetUnverified);
      }
    },
  });
}
