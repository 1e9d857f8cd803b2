/**
 * Cognito PostConfirmation trigger: creates the app's user row for a newly
 * confirmed account, idempotently (Cognito may retry the trigger). Cognito
 * shows the browser the text of a trigger's error, so a failure is logged
 * and answered in words that name no table or constraint.
 */
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { canonicalTimeZone } from '@cpe/shared/account';
import { MARKETING_OPT_ATTRIBUTE, TIME_ZONE_ATTRIBUTE } from '@cpe/shared/user-pool';
import { insertUser } from '../data/users';
import { logger } from '../log';
import type { HandlerDeps } from './deps';

export type PostConfirmationHandler = (
  event: PostConfirmationTriggerEvent,
) => Promise<PostConfirmationTriggerEvent>;

/** What the browser reads after Cognito's "PostConfirmation failed with error" when the row cannot be written (Cognito ends it with a full stop). */
export const POST_CONFIRMATION_FAILED = 'Your account could not be set up. Please try again later';

export function createPostConfirmationHandler(
  deps: Pick<HandlerDeps, 'db'>,
): PostConfirmationHandler {
  return async (event) => {
    if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
    const attributes = event.request.userAttributes;
    const sub = attributes.sub;
    const email = attributes.email;
    if (!sub || !email) throw new Error('PostConfirmation event without sub or email');
    try {
      await insertUser(deps.db, {
        sub,
        email,
        marketingOpt: attributes[MARKETING_OPT_ATTRIBUTE] === 'true',
        // The browser's zone, when it names one: the settings start with it.
        timeZone: canonicalTimeZone(attributes[TIME_ZONE_ATTRIBUTE] ?? '') ?? null,
      });
    } catch (error) {
      logger.error('user row not created', { sub, error: String(error) });
      throw new Error(POST_CONFIRMATION_FAILED, { cause: error });
    }
    return event;
  };
}
