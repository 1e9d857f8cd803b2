import type { z } from 'zod';
import { cognitoError } from './errors';
import { messages } from './messages';

const lowerFirst = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

/** Validates an operation's input, worded like Cognito's own validation errors. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = lowerFirst(issue?.path.map(String).join('.') || 'input');
  const missing = issue?.code === 'invalid_type' && issue.message.includes('undefined');
  throw cognitoError(
    'InvalidParameterException',
    missing
      ? messages.validation(field, 'Member must not be null').replace('Value at', 'Value null at')
      : messages.validation(field, issue?.message ?? 'invalid'),
  );
}
