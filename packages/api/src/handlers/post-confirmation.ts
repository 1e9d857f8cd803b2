/**
 * Cognito PostConfirmation trigger: creates the app's user row for a newly
 * confirmed account, idempotently (Cognito may retry the trigger).
 */
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { getDb } from '../db';
import { insertUser } from '../data/users';
import { env } from '../env';

env();

export async function handler(
  event: PostConfirmationTriggerEvent,
): Promise<PostConfirmationTriggerEvent> {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const attributes = event.request.userAttributes;
  const sub = attributes.sub;
  const email = attributes.email;
  if (!sub || !email) throw new Error('PostConfirmation event without sub or email');
  await insertUser(getDb(), {
    sub,
    email,
    marketingOpt: attributes['custom:marketing_opt'] === 'true',
  });
  return event;
}
