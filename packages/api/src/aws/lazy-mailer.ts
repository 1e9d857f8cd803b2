/**
 * A Mailer that loads the SES client on its first email. The contact
 * functions answer many requests without mailing (refused, rate-limited,
 * held back past the owner's cap), and the SES client is about a fifth of
 * their bundle: the bundler makes ses.ts a file of its own, loaded on the
 * first notification, so a cold start does not pay for it.
 */
import type { Mailer } from './ses';
import type { AwsSetup } from './setup';

export function createLazySesMailer(setup: AwsSetup): Mailer {
  let mailer: Promise<Mailer> | undefined;
  return {
    async send(mail) {
      mailer ??= import('./ses').then(({ createSesMailer }) => createSesMailer(setup));
      await (await mailer).send(mail);
    },
  };
}
