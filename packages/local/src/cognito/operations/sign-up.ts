import { dict } from '@cpe/shared/dict';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { COGNITO_USERNAME, emailProblem } from '@cpe/shared/email';
import { CUSTOM_ATTRIBUTES, SIGN_UP_ATTRIBUTES } from '@cpe/shared/user-pool';
import { checkPasswordPolicy, requireClient } from '../auth';
import { newCode } from '../codes';
import { cognitoError } from '../errors';
import { parseInput } from '../input';
import { CODE_LIFETIME_MS } from '../limits';
import { noLockout } from '../lockout';
import { messages } from '../messages';
import type { Services } from '../services';
import { createVerifier } from '../srp';

const Input = z.object({
  ClientId: z.string().min(1),
  Username: z.string().min(1),
  Password: z.string(),
  UserAttributes: z.array(z.object({ Name: z.string().min(1), Value: z.string() })).optional(),
});

/**
 * Cognito's own checks on a SignUp username in an email-username pool, in
 * its order: the model's length and character constraints (validation
 * errors), then "is it an email". The rule is @cpe/shared's, which the API
 * applies too: whoever signs up here is someone the API serves.
 */
function checkUsername(username: string): void {
  switch (emailProblem(username)) {
    case null:
      return;
    case 'too-long':
      throw cognitoError(
        'InvalidParameterException',
        messages.usernameTooLong(COGNITO_USERNAME.maxLength),
      );
    case 'characters':
      throw cognitoError(
        'InvalidParameterException',
        messages.usernamePattern(COGNITO_USERNAME.pattern),
      );
    case 'empty':
    case 'not-email':
      throw cognitoError('InvalidParameterException', messages.usernameNotEmail);
  }
}

function signUpAttributes(username: string, given: { Name: string; Value: string }[]) {
  const attributes = dict<string>();
  for (const { Name, Value } of given) {
    if (!(SIGN_UP_ATTRIBUTES as readonly string[]).includes(Name)) {
      throw cognitoError('InvalidParameterException', messages.unknownAttribute(Name));
    }
    if (Name === 'email') {
      if (Value.toLowerCase() !== username.toLowerCase()) {
        throw cognitoError('InvalidParameterException', messages.emailMismatch);
      }
      continue;
    }
    const custom =
      CUSTOM_ATTRIBUTES[Name.replace(/^custom:/, '') as keyof typeof CUSTOM_ATTRIBUTES];
    if (custom && Value.length > custom.maxLength) {
      throw cognitoError(
        'InvalidParameterException',
        messages.attributeTooLong(Name, custom.maxLength),
      );
    }
    attributes[Name] = Value;
  }
  return attributes;
}

export async function signUp(
  services: Pick<Services, 'pool' | 'store' | 'clock' | 'mailer'>,
  raw: unknown,
) {
  const input = parseInput(Input, raw);
  requireClient(services.pool, input.ClientId);
  checkUsername(input.Username);
  checkPasswordPolicy(input.Password);
  const attributes = signUpAttributes(input.Username, input.UserAttributes ?? []);
  // Unconfirmed users hold their email too: Cognito refuses the second sign-up either way.
  if (services.store.findUser(input.Username)) {
    throw cognitoError('UsernameExistsException', messages.usernameExists);
  }

  const now = services.clock.now().getTime();
  const sub = randomUUID();
  const code = newCode(now, CODE_LIFETIME_MS.confirmSignUp);
  services.store.putUser({
    sub,
    email: input.Username,
    status: 'UNCONFIRMED',
    attributes: { ...attributes, email_verified: 'false' },
    password: createVerifier(services.pool.poolName, sub, input.Password),
    createdAt: now,
    updatedAt: now,
    codes: { confirmSignUp: code },
    attempts: {},
    lockout: noLockout(),
  });
  const delivery = await services.mailer.deliver(input.Username, 'signUp', code.code);
  return { CodeDeliveryDetails: delivery, UserConfirmed: false, UserSub: sub };
}
