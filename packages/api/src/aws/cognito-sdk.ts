/** The user pool's client: what cognito.ts loads on its first call (as s3-sdk.ts, only the SDK). */
export {
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
  DeleteUserCommand,
  GetUserCommand,
} from '@aws-sdk/client-cognito-identity-provider';
