/** Users, the contact form, unsubscribe links and calendar feeds. */
import '../zod-config';
import * as z from 'zod/mini';
import { EMAIL_MESSAGES, emailProblem } from '../email';
import { multiLineText, requiredName } from './build';
import { LIMITS } from './limits';

/**
 * An email address as the user pool accepts it as a username (email.ts):
 * the API, the sign-up form and the local Cognito emulator read one rule, so
 * nobody Cognito confirms is refused by the API.
 */
export const emailSchema = z.string({ error: 'email is required' }).check(
  z.trim(),
  z.minLength(1, EMAIL_MESSAGES.empty),
  z.superRefine((value, ctx) => {
    const problem = emailProblem(value);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: EMAIL_MESSAGES[problem] });
  }),
);

export const user = z.object({
  user_id: z.string(),
  email: z.string(),
  marketing_opt: z.boolean(),
});
export type User = z.infer<typeof user>;

export const ensureUserBody = z.object({
  email: z.optional(emailSchema),
  marketing_opt: z.optional(z.boolean({ error: 'marketing_opt must be true or false' })),
});

export const contactBody = z.object({
  name: requiredName('name'),
  email: emailSchema,
  message: multiLineText(LIMITS.messageLength, 'message', z.minLength(1, 'message is required')),
});
export type ContactBody = z.infer<typeof contactBody>;

/** An unsubscribe link's token (packages/api/src/reminders/unsubscribe-token.ts): `<user id>.<signature>`. */
export const unsubscribeQuery = z.object({
  token: z
    .string({ error: 'is required' })
    .check(z.maxLength(200, 'is not a valid unsubscribe link')),
});

/** The calendar feed's path part: the feed's token (URL-safe base64, as issued) and `.ics`. */
export const calendarFeedId = z.string().check(z.regex(/^[A-Za-z0-9_-]{20,128}\.ics$/));
