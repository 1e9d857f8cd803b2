import { createHash } from 'node:crypto';
import { cognitoError } from './errors';
import { deliveryDetails, type CodeDeliveryDetails } from './mail';
import { messages } from './messages';

/**
 * How the pool answers about users it does not have, with
 * PreventUserExistenceErrors ENABLED: indistinguishable from a real user,
 * and nothing is ever sent.
 */
export const unknownUser = {
  codeDelivery(username: string): CodeDeliveryDetails {
    return deliveryDetails(username);
  },
  /** Stable per username, so asking twice does not reveal that the salt is invented. */
  salt(userPoolId: string, username: string): string {
    const hex = createHash('sha256')
      .update(`${userPoolId}\0${username.toLowerCase()}`)
      .digest('hex')
      .slice(0, 32);
    return /^[89a-f]/.test(hex) ? `00${hex}` : hex;
  },
  signInFailure: () => cognitoError('NotAuthorizedException', messages.incorrectCredentials),
  codeFailure: () => cognitoError('CodeMismatchException', messages.codeMismatch),
};
