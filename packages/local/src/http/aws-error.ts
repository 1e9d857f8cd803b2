/**
 * An error an emulator answers on the wire, named by the real service's
 * exception type. Each service says how a type maps to an HTTP status and
 * how it is framed (Cognito's `__type` body, the Data API's
 * `x-amzn-ErrorType` header).
 */
export abstract class AwsError<Type extends string> extends Error {
  constructor(
    readonly type: Type,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** The status the real service answers this type with. */
  abstract get status(): number;
}
