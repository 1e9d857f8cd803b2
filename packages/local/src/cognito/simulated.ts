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
  /**
   * The user id an SRP challenge names (a real user's sub, a random UUID):
   * a UUID made from the username, stable per username, never the username
   * itself, which would tell a registered email from an unknown one.
   */
  userIdForSrp(userPoolId: string, username: string): string {
    const hex = createHash('sha256')
      .update(`user-id-for-srp\0${userPoolId}\0${username.toLowerCase()}`)
      .digest('hex');
    const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  },
  signInFailure: () => cognitoError('NotAuthorizedException', messages.incorrectCredentials),
  codeFailure: () => cognitoError('CodeMismatchException', messages.codeMismatch),
};
