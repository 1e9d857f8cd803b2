/** The event Cognito sends a PostConfirmation Lambda (ConfirmSignUp source). */
export interface PostConfirmationEvent {
  version: string;
  region: string;
  userPoolId: string;
  userName: string;
  triggerSource: 'PostConfirmation_ConfirmSignUp';
  callerContext: { awsSdkVersion: string; clientId: string };
  request: {
    userAttributes: Record<string, string>;
    clientMetadata?: Record<string, string>;
  };
  response: Record<string, never>;
}

export type PostConfirmationTrigger = (event: PostConfirmationEvent) => Promise<unknown>;
