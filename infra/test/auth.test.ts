import {
  AUTH_FLOWS,
  CUSTOM_ATTRIBUTES,
  SIGN_UP_ATTRIBUTES,
  PASSWORD_POLICY,
  PREVENT_USER_EXISTENCE_ERRORS,
  TOKEN_VALIDITY,
  VERIFICATION_EMAIL,
} from '@cpe/shared/user-pool';
import { logicalId, PROD_CONTEXT, resources, synthesized } from './support/stack';

const { template } = synthesized(PROD_CONTEXT);
const poolId = logicalId(template, 'AWS::Cognito::UserPool', 'AuthUserPool');
const pool = resources(template, 'AWS::Cognito::UserPool')[poolId]!;
const postConfirmationId = logicalId(template, 'AWS::Lambda::Function', 'PostConfirmationFunction');

describe('the user pool, from packages/shared/src/user-pool.ts', () => {
  it('signs in with the email as username, case-insensitively', () => {
    expect(pool.Properties).toMatchObject({
      UsernameAttributes: ['email'],
      UsernameConfiguration: { CaseSensitive: false },
      AutoVerifiedAttributes: ['email'],
    });
    expect(pool.Properties).not.toHaveProperty('AliasAttributes');
  });

  it('keeps the verified email until a new one is confirmed by code', () => {
    expect(pool.Properties).toMatchObject({
      UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
    });
  });

  it('lets people sign up themselves and verifies the email with a code', () => {
    expect(pool.Properties).toMatchObject({
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      VerificationMessageTemplate: {
        DefaultEmailOption: 'CONFIRM_WITH_CODE',
        EmailSubject: VERIFICATION_EMAIL.subject,
        EmailMessage: VERIFICATION_EMAIL.body,
      },
    });
  });

  it('has the password policy and MFA off', () => {
    expect(pool.Properties).toMatchObject({
      Policies: {
        PasswordPolicy: {
          MinimumLength: PASSWORD_POLICY.minLength,
          RequireLowercase: PASSWORD_POLICY.requireLowercase,
          RequireUppercase: PASSWORD_POLICY.requireUppercase,
          RequireNumbers: PASSWORD_POLICY.requireDigits,
          RequireSymbols: PASSWORD_POLICY.requireSymbols,
        },
      },
      MfaConfiguration: 'OFF',
    });
  });

  it('has custom:marketing_opt', () => {
    const spec = CUSTOM_ATTRIBUTES.marketing_opt;
    expect(pool.Properties?.Schema).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Name: 'email', Required: true, Mutable: true }),
        {
          Name: 'marketing_opt',
          AttributeDataType: 'String',
          Mutable: spec.mutable,
          StringAttributeConstraints: {
            MinLength: String(spec.minLength),
            MaxLength: String(spec.maxLength),
          },
        },
      ]),
    );
  });

  it('is kept and protected in prod', () => {
    expect(pool.DeletionPolicy).toBe('RetainExceptOnCreate');
    expect(pool.Properties?.DeletionProtection).toBe('ACTIVE');
  });

  it('is disposable in other stages', () => {
    const dev = synthesized({ stage: 'dev' }).template;
    const devPool = Object.values(resources(dev, 'AWS::Cognito::UserPool'))[0]!;
    expect(devPool.DeletionPolicy).toBe('Delete');
    expect(devPool.Properties?.DeletionProtection).toBe('INACTIVE');
  });
});

describe('the app client', () => {
  it('is public, SRP + password sign-in, no user existence errors, the token lifetimes', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      UserPoolId: { Ref: poolId },
      PreventUserExistenceErrors: PREVENT_USER_EXISTENCE_ERRORS,
      GenerateSecret: false,

      IdTokenValidity: TOKEN_VALIDITY.idTokenMinutes,
      AccessTokenValidity: TOKEN_VALIDITY.accessTokenMinutes,
      RefreshTokenValidity: TOKEN_VALIDITY.refreshTokenDays * 24 * 60,
      TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'minutes', RefreshToken: 'minutes' },
      AllowedOAuthFlowsUserPoolClient: false,
    });
    const client = Object.values(resources(template, 'AWS::Cognito::UserPoolClient'))[0]!;
    const sorted = (key: string) => [...(client.Properties?.[key] as string[])].sort();
    expect(sorted('ExplicitAuthFlows')).toEqual(
      [...AUTH_FLOWS.map((f) => `ALLOW_${f}`), 'ALLOW_REFRESH_TOKEN_AUTH'].sort(),
    );
    expect(sorted('WriteAttributes')).toEqual([...SIGN_UP_ATTRIBUTES].sort());
  });
});

describe('the PostConfirmation trigger', () => {
  it('is the post-confirmation handler', () => {
    expect(pool.Properties?.LambdaConfig).toEqual({
      PostConfirmation: { 'Fn::GetAtt': [postConfirmationId, 'Arn'] },
    });
  });

  it('may be invoked by this pool only', () => {
    template.hasResourceProperties('AWS::Lambda::Permission', {
      FunctionName: { 'Fn::GetAtt': [postConfirmationId, 'Arn'] },
      Principal: 'cognito-idp.amazonaws.com',
      SourceArn: { 'Fn::GetAtt': [poolId, 'Arn'] },
    });
  });

  it('reaches the database', () => {
    const fn = resources(template, 'AWS::Lambda::Function')[postConfirmationId]!;
    expect(fn.Properties).toMatchObject({
      Handler: 'index.handler',
      Environment: { Variables: { DB_NAME: 'cpe', DB_CLUSTER_ARN: expect.anything() as unknown } },
    });
  });
});
