import { createHash } from 'node:crypto';
import { v4 as uuidv4 } from 'uuid';
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
  /**
   * The user id an SRP challenge names (a real user's sub, a random UUID):
   * a version 4 UUID like a sub, its bits drawn from a hash of the pool and
   * username: stable per username, never the username
   * itself, which would tell a registered email from an unknown one.
   */
  userIdForSrp(userPoolId: string, username: string): string {
    const bytes = createHash('sha256')
      .update(`user-id-for-srp\0${userPoolId}\0${username.toLowerCase()}`)
      .digest()
      .subarray(0, 16);
    return uuidv4({ random: bytes });
  },
  signInFailure: () => cognitoError('NotAuthorizedException', messages.incorrectCredentials),
  codeFailure: () => cognitoError('CodeMismatchException', messages.codeMismatch),
};
