import { z } from 'zod';
import { countAttempt, requireClient } from './auth';
import { newCode } from './codes';
import { parseInput } from './input';
import { CODE_LIFETIME_MS, type LimitedAction } from './limits';
import type { CodeDeliveryDetails } from './mail';
import type { Services } from './services';
import { unknownUser } from './simulated';
import type { StoredUser } from './store';

type CodeKind = 'confirmSignUp' | 'forgotPassword';

/** Replaces the user's code of that kind (only the latest is good), stores it and mails it. */
export async function issueCode(
  services: Pick<Services, 'clock' | 'store' | 'mailer'>,
  user: StoredUser,
  kind: CodeKind,
): Promise<CodeDeliveryDetails> {
  const now = services.clock.now().getTime();
  const code = newCode(now, CODE_LIFETIME_MS[kind]);
  user.codes[kind] = code;
  user.updatedAt = now;
  services.store.putUser(user);
  return services.mailer.deliver(
    user.email,
    kind === 'confirmSignUp' ? 'signUp' : 'forgotPassword',
    code.code,
  );
}

const CodeRequest = z.object({ ClientId: z.string().min(1), Username: z.string().min(1) });

/**
 * The operations that mail a code to a named user (ResendConfirmationCode,
 * ForgotPassword): an unknown user gets a simulated delivery, as
 * PreventUserExistenceErrors asks; `refuse` throws for a user the operation
 * does not apply to; then the hourly limit, then the code.
 */
export async function requestCode(
  services: Pick<Services, 'pool' | 'store' | 'clock' | 'mailer'>,
  raw: unknown,
  operation: { action: LimitedAction; kind: CodeKind; refuse: (user: StoredUser) => void },
): Promise<{ CodeDeliveryDetails: CodeDeliveryDetails }> {
  const input = parseInput(CodeRequest, raw);
  requireClient(services.pool, input.ClientId);
  const user = services.store.findUser(input.Username);
  if (!user) return { CodeDeliveryDetails: unknownUser.codeDelivery(input.Username) };
  operation.refuse(user);
  countAttempt(services, user, operation.action);
  return { CodeDeliveryDetails: await issueCode(services, user, operation.kind) };
}
