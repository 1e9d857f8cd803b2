import { AwsError } from '../http/aws-error';

/** The `__type`s the emulator answers with; every one is a real Cognito exception name. */
export type CognitoErrorType =
  | 'CodeDeliveryFailureException'
  | 'CodeMismatchException'
  | 'ExpiredCodeException'
  | 'InternalErrorException'
  | 'InvalidParameterException'
  | 'InvalidPasswordException'
  | 'LimitExceededException'
  | 'NotAuthorizedException'
  | 'ResourceNotFoundException'
  | 'SerializationException'
  | 'TooManyRequestsException'
  | 'UnsupportedOperationException'
  | 'UserLambdaValidationException'
  | 'UserNotConfirmedException'
  | 'UsernameExistsException';

/** A Cognito error; the router alone turns it into an HTTP answer. */
export class CognitoError extends AwsError<CognitoErrorType> {
  override name = 'CognitoError';

  /** Real traffic answers 400 for every client error, whatever the model says. */
  get status(): number {
    return this.type === 'InternalErrorException' ? 500 : 400;
  }
}

export const cognitoError = (type: CognitoErrorType, message: string, cause?: unknown) =>
  new CognitoError(type, message, cause === undefined ? undefined : { cause });
