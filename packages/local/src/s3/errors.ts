import { AwsError } from '../http/aws-error';

/** Every error code the emulator answers, with the status S3 answers it with. */
export const ERROR_STATUS = {
  AccessDenied: 403,
  AccessForbidden: 403,
  AuthorizationHeaderMalformed: 400,
  AuthorizationQueryParametersError: 400,
  BadDigest: 400,
  BadRequest: 400,
  EntityTooLarge: 400,
  EntityTooSmall: 400,
  IncompleteBody: 400,
  InternalError: 500,
  InvalidAccessKeyId: 403,
  InvalidArgument: 400,
  InvalidDigest: 400,
  InvalidPolicyDocument: 400,
  InvalidRange: 416,
  InvalidRequest: 400,
  InvalidTag: 400,
  InvalidURI: 400,
  KeyTooLongError: 400,
  MalformedPOSTRequest: 400,
  MalformedXML: 400,
  MetadataTooLarge: 400,
  MethodNotAllowed: 405,
  NoSuchBucket: 404,
  NoSuchKey: 404,
  NotImplemented: 501,
  PreconditionFailed: 412,
  RequestTimeTooSkewed: 403,
  SignatureDoesNotMatch: 403,
  XAmzContentSHA256Mismatch: 400,
} as const;

export type S3ErrorCode = keyof typeof ERROR_STATUS;

/**
 * An error S3 answers as `<Error><Code>..</Code><Message>..</Message>...</Error>`.
 * `details` are the extra elements S3 adds for that code (Key, BucketName,
 * ProposedSize, ...), in the order S3 writes them.
 */
export class S3Error extends AwsError<S3ErrorCode> {
  override name = 'S3Error';

  constructor(
    code: S3ErrorCode,
    message: string,
    readonly details: ReadonlyArray<readonly [string, string]> = [],
    options?: { cause?: unknown },
  ) {
    super(code, message, options);
  }

  get status(): number {
    return ERROR_STATUS[this.type];
  }
}

/**
 * Every message the emulator writes, in one place so a wording learnt from
 * the real service is corrected once. Those marked UNCONFIRMED are our best
 * reading of S3's behaviour, not a captured response.
 */
export const messages = {
  accessDenied: () => 'Access Denied',
  noSuchBucket: () => 'The specified bucket does not exist',
  noSuchKey: () => 'The specified key does not exist.',
  invalidAccessKeyId: () => 'The AWS Access Key Id you provided does not exist in our records.',
  signatureDoesNotMatch: () =>
    'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  requestExpired: () => 'Request has expired',
  // UNCONFIRMED: S3's answer to a presigned URL dated in the future.
  requestNotYetValid: () => 'Request is not valid yet',
  requestTimeTooSkewed: () =>
    'The difference between the request time and the current time is too large.',
  headersNotSigned: () => 'There were headers present in the request which were not signed',
  v2Unsupported: () =>
    'The authorization mechanism you have provided is not supported. Please use AWS4-HMAC-SHA256.',
  twoAuthMechanisms: () =>
    'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature query string parameter or the Authorization header should be specified',
  // UNCONFIRMED: wording for an Authorization header that does not parse.
  authorizationHeaderMalformed: () =>
    'The authorization header is malformed; the authorization header requires three components: Credential, SignedHeaders, and Signature.',
  credentialMalformed: () =>
    'The authorization header is malformed; the Credential is mal-formed; expecting "<YOUR-AKID>/YYYYMMDD/REGION/SERVICE/aws4_request".',
  wrongRegion: (given: string, expected: string) =>
    `The authorization header is malformed; the region '${given}' is wrong; expecting '${expected}'`,
  wrongService: (given: string) =>
    `The authorization header is malformed; incorrect service "${given}". This endpoint belongs to "s3".`,
  credentialDateMismatch: () =>
    'The authorization header is malformed; Invalid credential date. Date is not the same as X-Amz-Date.',
  // UNCONFIRMED: S3 also accepts a signed Date header; the emulator asks for X-Amz-Date, as every SDK sends.
  missingAmzDate: () => 'AWS authentication requires a valid Date or x-amz-date header',
  queryParametersMissing: () =>
    'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
  queryAlgorithm: () => 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"',
  queryCredentialMalformed: () =>
    'Error parsing the X-Amz-Credential parameter; the Credential is mal-formed; expecting "<YOUR-AKID>/YYYYMMDD/REGION/SERVICE/aws4_request".',
  queryWrongRegion: (given: string, expected: string) =>
    `Error parsing the X-Amz-Credential parameter; the region '${given}' is wrong; expecting '${expected}'`,
  queryWrongService: (given: string) =>
    `Error parsing the X-Amz-Credential parameter; incorrect service "${given}". This endpoint belongs to "s3".`,
  queryDate: () => "X-Amz-Date must be in the ISO8601 Long Format \"yyyyMMdd'T'HHmmss'Z'\"",
  queryExpiresNumber: () => 'X-Amz-Expires should be a number',
  queryExpiresNegative: () => 'X-Amz-Expires must be non-negative',
  queryExpiresTooLong: () => 'X-Amz-Expires must be less than a week (in seconds) that is 604800',
  missingContentSha256: () => 'Missing required header for this request: x-amz-content-sha256',
  invalidContentSha256: () =>
    'x-amz-content-sha256 must be UNSIGNED-PAYLOAD, STREAMING-UNSIGNED-PAYLOAD-TRAILER, STREAMING-AWS4-HMAC-SHA256-PAYLOAD, STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER, STREAMING-AWS4-ECDSA-P256-SHA256-PAYLOAD, STREAMING-AWS4-ECDSA-P256-SHA256-PAYLOAD-TRAILER or a valid sha256 value.',
  contentSha256Mismatch: () =>
    "The provided 'x-amz-content-sha256' header does not match what was computed.",
  headerNotImplemented: () =>
    'A header you provided implies functionality that is not implemented.',
  operationNotImplemented: (operation: string) =>
    `${operation} is not implemented by the local S3 emulator.`,
  methodNotAllowed: () => 'The specified method is not allowed against this resource.',
  invalidUri: () => "Couldn't parse the specified URI.",
  keyTooLong: () => 'Your key is too long',
  entityTooLarge: () => 'Your proposed upload exceeds the maximum allowed size',
  entityTooSmall: () => 'Your proposed upload is smaller than the minimum allowed size',
  metadataTooLarge: () => 'Your metadata headers exceed the maximum allowed metadata size.',
  invalidDigest: () => 'The Content-MD5 you specified is not valid.',
  badDigest: () => 'The Content-MD5 you specified did not match what we received.',
  badChecksum: (algorithm: string) =>
    `The ${algorithm} you specified did not match the calculated checksum.`,
  invalidChecksumHeader: (header: string) => `Value for ${header} header is invalid.`,
  multipleChecksums: () =>
    'Expecting a single x-amz-checksum- header. Multiple checksum Types are not allowed.',
  // UNCONFIRMED: S3 names both alternatives since flexible checksums exist.
  missingDeleteChecksum: () =>
    'Missing required header for this request: Content-MD5 OR x-amz-checksum-*',
  incompleteBody: () =>
    'You did not provide the number of bytes specified by the Content-Length HTTP header',
  malformedXml: () =>
    'The XML you provided was not well-formed or did not validate against our published schema',
  invalidRange: () => 'The requested range is not satisfiable',
  preconditionFailed: () => 'At least one of the pre-conditions you specified did not hold',
  maxKeys: () => 'Provided max-keys not an integer or within integer range',
  continuationToken: () => 'The continuation token provided is incorrect',
  encodingType: () => 'Invalid Encoding Method specified in Request',
  malformedPost: () => 'The body of your POST request is not well-formed multipart/form-data.',
  postMissingField: (field: string) =>
    `Bucket POST must contain a field named '${field}'.  If it is specified, please check the order of the fields.`,
  postOneFile: () => 'POST requires exactly one file upload per request.',
  policyExpired: () => 'Invalid according to Policy: Policy expired.',
  policyConditionFailed: (condition: string) =>
    `Invalid according to Policy: Policy Condition failed: ${condition}`,
  policyExtraFields: (field: string) => `Invalid according to Policy: Extra input fields: ${field}`,
  // UNCONFIRMED: wordings of a policy document S3 cannot read.
  policyInvalidJson: () => 'Invalid Policy: Invalid JSON.',
  policyMissing: (element: string) => `Invalid Policy: Policy missing ${element}.`,
  policyInvalidExpiration: (value: string) =>
    `Invalid Policy: Invalid 'expiration' value: '${value}'`,
  policySimpleCondition: () =>
    'Invalid Policy: Invalid Simple-Condition: Simple-Conditions must have exactly one property specified.',
  // UNCONFIRMED: a POST signed for another algorithm.
  postAlgorithm: () => 'Only AWS4-HMAC-SHA256 is supported as x-amz-algorithm',
  corsOriginNeeded: () => 'Insufficient information. Origin request header needed.',
  // UNCONFIRMED: a preflight without Access-Control-Request-Method.
  corsMethodNeeded: () =>
    'Insufficient information. Access-Control-Request-Method request header needed.',
  corsNotEnabled: () => 'CORSResponse: CORS is not enabled for this bucket.',
  corsBucketNotFound: () => 'CORSResponse: Bucket not found',
  // S3's own spelling of "evaluation".
  corsNotAllowed: () =>
    "CORSResponse: This CORS request is not allowed. This is usually because the evalution of Origin, request method / Access-Control-Request-Method or Access-Control-Request-Headers are not whitelisted by the resource's CORS spec.",
  internal: () => 'We encountered an internal error. Please try again.',
} as const;

export const s3Error = (
  code: S3ErrorCode,
  message: string,
  details: ReadonlyArray<readonly [string, string]> = [],
  cause?: unknown,
) => new S3Error(code, message, details, cause === undefined ? undefined : { cause });

/** The one place a failure becomes a wire error; anything unexpected is a 500 without internals. */
export function toS3Error(error: unknown): S3Error {
  if (error instanceof S3Error) return error;
  return new S3Error('InternalError', messages.internal(), [], { cause: error });
}
