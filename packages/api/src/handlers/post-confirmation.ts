/**
 * Cognito PostConfirmation trigger: creates the app's user row for a newly
 * confirmed account, idempotently (Cognito may retry the trigger).
 */
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { insertUser } from '../data/users';
import type { HandlerDeps } from './deps';

export type PostConfirmationHandler = (
  event: PostConfirmationTriggerEvent,
) => Promise<PostConfirmationTriggerEvent>;

export function createPostConfirmationHandler(
  deps: Pick<HandlerDeps, 'db'>,
): PostConfirmationHandler {
  return async (event) => {
    if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
    const attributes = event.request.userAttributes;
    const sub = attributes.sub;
    const email = attributes.email;
    if (!sub || !email) throw new Error('PostConfirmation event without sub or email');
    await insertUser(deps.db, {
      sub,
      email,
      marketingOpt: attributes['custom:marketing_opt'] === 'true',
    });
    return event;
  };
}
