import { CODE_PLACEHOLDER, VERIFICATION_EMAIL } from '@cpe/shared/user-pool';
import { cognitoError } from './errors';
import { messages } from './messages';

export type CodePurpose = 'signUp' | 'forgotPassword';

export interface CodeDeliveryDetails {
  Destination: string;
  DeliveryMedium: 'EMAIL';
  AttributeName: 'email';
}

export interface CodeMailer {
  deliver(to: string, purpose: CodePurpose, code: string): Promise<CodeDeliveryDetails>;
}

/** `j***@e***`: how Cognito masks the destination it reports. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.charAt(0)}***@${domain.charAt(0)}***`;
}

export function deliveryDetails(email: string): CodeDeliveryDetails {
  return { Destination: maskEmail(email), DeliveryMedium: 'EMAIL', AttributeName: 'email' };
}

function compose(purpose: CodePurpose, code: string): { subject: string; text: string } {
  if (purpose === 'signUp') {
    return {
      subject: VERIFICATION_EMAIL.subject,
      text: VERIFICATION_EMAIL.body.replace(CODE_PLACEHOLDER, code),
    };
  }
  return {
    subject: 'Reset your CPE Tracker password',
    text:
      `Your CPE Tracker password reset code is ${code}. It expires in 1 hour.\n\n` +
      'If you did not ask to reset your password, you can ignore this email.',
  };
}

export function createCodeMailer(deps: {
  sendMail: (mail: { to: string; subject: string; text: string }) => Promise<void>;
  log: (line: string) => void;
}): CodeMailer {
  return {
    async deliver(to, purpose, code) {
      const label = purpose === 'signUp' ? 'sign-up confirmation' : 'password reset';
      // Printed so a developer can sign up without opening the mail page.
      deps.log(`cognito: ${label} code for ${to}: ${code}`);
      try {
        await deps.sendMail({ to, ...compose(purpose, code) });
      } catch (error) {
        throw cognitoError('CodeDeliveryFailureException', messages.codeDeliveryFailed, error);
      }
      return deliveryDetails(to);
    },
  };
}
