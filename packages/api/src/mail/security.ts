/**
 * The account's security mail: sent when the password changes and when the
 * account is deleted, to the address Cognito has verified, in the user's
 * locale and time zone, so a change the holder did not make is noticed.
 * No links that sign in: a reader who did not make the change is told where
 * to reset the password and whom to write to.
 */
import { MAIL_DEFAULT_LOCALE, MAIL_DEFAULT_TIME_ZONE } from '@cpe/shared/account';
import type { OutgoingMail } from '../aws/ses';
import type { ApiConfig } from '../config';
import { buttonHtml, escapeHtml, mailHtml, paragraphHtml } from './layout';
import { mailWords } from './words';

export type SecurityMailConfig = Pick<ApiConfig, 'MAIL_FROM_ADDRESS' | 'SITE_URL'>;

export interface SecurityMailTo {
  email: string;
  locale: string | null;
  timeZone: string | null;
}

function build(
  config: SecurityMailConfig,
  to: SecurityMailTo,
  mail: {
    subject: string;
    title: string;
    lines: string[];
    action?: { label: string; url: string };
  },
): OutgoingMail {
  const words = mailWords(to.locale ?? MAIL_DEFAULT_LOCALE);
  const footer =
    'This is a security notice about your CPE Tracker account. It is sent whatever your reminder settings are.';
  const text = [
    `CPE Tracker: ${mail.title}`,
    '',
    ...mail.lines,
    ...(mail.action ? ['', `${mail.action.label}: ${mail.action.url}`] : []),
    '',
    footer,
    '',
  ].join('\n');
  const html = mailHtml({
    lang: words.locale,
    title: mail.title,
    preheader: mail.lines[0] ?? mail.title,
    body: [
      ...mail.lines.map((line) => paragraphHtml(escapeHtml(line))),
      ...(mail.action ? [buttonHtml(mail.action.label, mail.action.url)] : []),
    ].join('\n'),
    footer: escapeHtml(footer),
  });
  return {
    from: config.MAIL_FROM_ADDRESS,
    to: to.email,
    subject: `CPE Tracker: ${mail.subject}`,
    text,
    html,
  };
}

const site = (config: SecurityMailConfig) => config.SITE_URL.replace(/\/$/, '');

/** The moment in the holder's own locale and time zone (the defaults when unset). */
const momentFor = (to: SecurityMailTo, at: Date) =>
  mailWords(to.locale ?? MAIL_DEFAULT_LOCALE).moment(at, to.timeZone ?? MAIL_DEFAULT_TIME_ZONE);

/** After a password change the holder made with their current password. */
export function passwordChangedMail(
  config: SecurityMailConfig,
  to: SecurityMailTo,
  at: Date,
): OutgoingMail {
  const when = momentFor(to, at);
  return build(config, to, {
    subject: 'your password was changed',
    title: 'Your password was changed',
    lines: [
      `The password of your CPE Tracker account (${to.email}) was changed on ${when}.`,
      'If you made this change, there is nothing more to do.',
      'If you did not, reset your password now: on the sign-in page choose "Forgot Your Password?" and follow the code we email you. Then tell us through the contact page.',
    ],
    action: { label: 'Reset your password', url: `${site(config)}/login` },
  });
}

/** After the account and everything of it were deleted. */
export function accountDeletedMail(
  config: SecurityMailConfig,
  to: SecurityMailTo,
  at: Date,
): OutgoingMail {
  const when = momentFor(to, at);
  return build(config, to, {
    subject: 'your account was deleted',
    title: 'Your account was deleted',
    lines: [
      `Your CPE Tracker account (${to.email}) and everything stored with it (certifications, activities, settings and files) were deleted on ${when}. This cannot be undone, and you will get no more email from us.`,
      'If you did not delete it, write to us through the contact page at once.',
    ],
    action: { label: 'Contact us', url: `${site(config)}/contactus` },
  });
}
