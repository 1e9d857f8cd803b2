/** Builds the API Gateway REST proxy event (payload 1.0) the real service hands a Lambda. */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { HttpRequest } from '../http/types';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `22/Nov/2026:07:35:05 +0000`, API Gateway's requestTime format. */
function requestTime(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(at.getUTCDate())}/${MONTHS[at.getUTCMonth()]}/${at.getUTCFullYear()}:${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())} +0000`;
}

export interface EventInput {
  request: HttpRequest;
  /** The API Gateway resource template, e.g. `/api/certifications/{id}`. */
  resource: string;
  /** The path below the stage. */
  path: string;
  stage: string;
  apiId: string;
  pathParameters: Record<string, string> | null;
  claims: Record<string, string> | null;
  now: Date;
}

export function buildProxyEvent(input: EventInput): APIGatewayProxyEvent {
  const { request } = input;
  // Maps, then Object.fromEntries: names like `__proto__` or `valueOf` stay plain own keys.
  const headerEntries = Object.entries(request.headers);
  const headers = Object.fromEntries(headerEntries);
  // One value per header: splitting on commas would break values like dates and user agents.
  const multiValueHeaders = Object.fromEntries(headerEntries.map(([n, v]) => [n, [v]]));
  const multi = new Map<string, string[]>();
  for (const [name, value] of request.query) multi.set(name, [...(multi.get(name) ?? []), value]);
  const query = Object.fromEntries(
    [...multi].map(([n, values]) => [n, values[values.length - 1] ?? '']),
  );
  const multiQuery = Object.fromEntries(multi);
  const hasQuery = multi.size > 0;
  const text = request.body.length > 0 ? request.body.toString('utf8') : null;
  const isText = text === null || Buffer.from(text, 'utf8').equals(request.body);

  return {
    resource: input.resource,
    path: input.path,
    httpMethod: request.method,
    headers,
    multiValueHeaders,
    queryStringParameters: hasQuery ? query : null,
    multiValueQueryStringParameters: hasQuery ? multiQuery : null,
    pathParameters: input.pathParameters,
    stageVariables: null,
    body: isText ? text : request.body.toString('base64'),
    isBase64Encoded: !isText,
    requestContext: {
      accountId: '000000000000',
      apiId: input.apiId,
      resourceId: input.resource,
      resourcePath: input.resource,
      httpMethod: request.method,
      path: `/${input.stage}${input.path}`,
      stage: input.stage,
      requestId: randomUUID(),
      requestTime: requestTime(input.now),
      requestTimeEpoch: input.now.getTime(),
      protocol: 'HTTP/1.1',
      domainName: request.headers.host ?? 'localhost',
      authorizer: input.claims ? { claims: input.claims } : null,
      identity: {
        sourceIp: request.sourceIp,
        userAgent: request.headers['user-agent'] ?? null,
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        user: null,
        userArn: null,
      },
    },
  };
}
