import { newCode } from './codes';
import { CODE_LIFETIME_MS } from './limits';
import type { CodeDeliveryDetails } from './mail';
import type { Services } from './services';
import type { StoredUser } from './store';

/** Replaces the user's code of that kind (only the latest is good), stores it and mails it. */
export async function issueCode(
  services: Pick<Services, 'clock' | 'store' | 'mailer'>,
  user: StoredUser,
  kind: 'confirmSignUp' | 'forgotPassword',
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
