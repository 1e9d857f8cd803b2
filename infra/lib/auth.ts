/**
 * The Cognito user pool, built from packages/shared/src/user-pool.ts (the same
 * settings the local emulator enforces), its one app client (the SPA), and the
 * PostConfirmation trigger that creates the app's user row. Codes are mailed
 * through SES from the stage's verified identity when it has one (Cognito's
 * own sender is capped at about 50 emails a day), and a regional web ACL
 * rate-limits sign-up and sign-in per client IP when the stage has WAF on.
 */
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import {
  AUTH_FLOWS,
  CUSTOM_ATTRIBUTES,
  MARKETING_OPT_ATTRIBUTE,
  MFA,
  PASSWORD_POLICY,
  PREVENT_USER_EXISTENCE_ERRORS,
  TOKEN_VALIDITY,
  USERNAME_ATTRIBUTE,
  VERIFICATION_EMAIL,
} from '@cpe/shared/user-pool';
import { acknowledge } from './nag';
import { UserPoolWebAcl } from './waf';

export interface AuthProps {
  stage: string;
  /** The PostConfirmation trigger (the api's post-confirmation handler). */
  postConfirmation: lambda.IFunction;
  /** RETAIN in prod: a deleted pool takes every account with it. */
  removalPolicy: RemovalPolicy;
  deletionProtection: boolean;
  /** The verified SES identity to send from; undefined: Cognito's default sender. */
  ses?: { fromAddress: string; verifiedDomain: string } | undefined;
  /** SES region: the stack's. */
  region: string;
  /** A regional web ACL with rate-based rules on the pool. */
  waf: boolean;
}

const MFA_MODES: Record<typeof MFA, cognito.Mfa> = { OFF: cognito.Mfa.OFF };

function customAttributes(): Record<string, cognito.ICustomAttribute> {
  return Object.fromEntries(
    Object.entries(CUSTOM_ATTRIBUTES).map(([name, spec]) => {
      if (spec.type !== 'String')
        throw new Error(`Unsupported custom attribute type ${String(spec.type)}`);
      return [
        name,
        new cognito.StringAttribute({
          minLen: spec.minLength,
          maxLen: spec.maxLength,
          mutable: spec.mutable,
        }),
      ];
    }),
  );
}

export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  readonly webAcl: UserPoolWebAcl | undefined;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      userPoolName: `cpe-tracker-${props.stage}`,
      // Lite covers what the app uses (sign-up, SRP and password sign-in, codes by email).
      featurePlan: cognito.FeaturePlan.LITE,
      signInAliases: { [USERNAME_ATTRIBUTE]: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      // The client may write `email` (SignUp needs it), so a change keeps the verified address
      // until the new one is confirmed by code: no one signs in as, or mails to, an address unproven.
      keepOriginal: { email: true },
      userVerification: {
        emailStyle: cognito.VerificationEmailStyle.CODE,
        emailSubject: VERIFICATION_EMAIL.subject,
        emailBody: VERIFICATION_EMAIL.body,
      },
      standardAttributes: { email: { required: true, mutable: true } },
      customAttributes: customAttributes(),
      passwordPolicy: {
        minLength: PASSWORD_POLICY.minLength,
        requireLowercase: PASSWORD_POLICY.requireLowercase,
        requireUppercase: PASSWORD_POLICY.requireUppercase,
        requireDigits: PASSWORD_POLICY.requireDigits,
        requireSymbols: PASSWORD_POLICY.requireSymbols,
      },
      mfa: MFA_MODES[MFA],
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      email: props.ses
        ? cognito.UserPoolEmail.withSES({
            fromEmail: props.ses.fromAddress,
            fromName: 'CPE Tracker',
            sesVerifiedDomain: props.ses.verifiedDomain,
            sesRegion: props.region,
          })
        : cognito.UserPoolEmail.withCognito(),
      lambdaTriggers: { postConfirmation: props.postConfirmation },
      deletionProtection: props.deletionProtection,
      removalPolicy: props.removalPolicy,
    });

    acknowledge(this.userPool, {
      'AwsSolutions-COG1':
        'The product spec sets the password rule (packages/shared/src/user-pool.ts): at least 8 characters, no composition classes, as NIST SP 800-63B recommends; the local emulator enforces the same rule.',
      'AwsSolutions-COG2':
        'MFA is off by product decision (user-pool.ts MFA = OFF): the app holds CPE records, not payment or health data, and sign-up must stay email + password.',
      'AwsSolutions-COG8':
        "Threat protection needs the Plus feature plan (per-MAU cost several times Lite); the pool uses Lite with PreventUserExistenceErrors, Cognito's built-in sign-in throttling and, where the stage has WAF on, a web ACL rate-limiting sign-up and sign-in per client IP.",
    });

    this.webAcl = props.waf
      ? new UserPoolWebAcl(this, 'Waf', {
          stage: props.stage,
          userPoolArn: this.userPool.userPoolArn,
        })
      : undefined;

    const attributes = new cognito.ClientAttributes()
      .withStandardAttributes({ email: true, timezone: true })
      .withCustomAttributes(MARKETING_OPT_ATTRIBUTE.replace(/^custom:/, ''));

    this.client = this.userPool.addClient('WebClient', {
      userPoolClientName: 'web',
      generateSecret: false,
      authFlows: {
        userSrp: AUTH_FLOWS.includes('USER_SRP_AUTH'),
        userPassword: AUTH_FLOWS.includes('USER_PASSWORD_AUTH'),
      },
      // No hosted UI: the SPA signs in with Amplify, so no OAuth flows or callback URLs.
      disableOAuth: true,
      preventUserExistenceErrors: PREVENT_USER_EXISTENCE_ERRORS === 'ENABLED',
      idTokenValidity: Duration.minutes(TOKEN_VALIDITY.idTokenMinutes),
      accessTokenValidity: Duration.minutes(TOKEN_VALIDITY.accessTokenMinutes),
      refreshTokenValidity: Duration.days(TOKEN_VALIDITY.refreshTokenDays),
      enableTokenRevocation: true,
      readAttributes: attributes.withStandardAttributes({ email: true, emailVerified: true }),
      writeAttributes: attributes,
    });
  }
}
