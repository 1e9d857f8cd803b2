import { randomUUID } from 'node:crypto';
import type { HttpRequest, HttpResponse, HttpService } from '../http/types';
import { CognitoError, cognitoError } from './errors';
import { messages } from './messages';
import { operations } from './operations';
import type { Services } from './services';
import type { PublicJwk } from './tokens';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const CONTENT_TYPE = 'application/x-amz-json-1.1';

/** Amplify's and the SDK's request headers, so a pool on another origin passes the browser's preflight. */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': [
    'content-type',
    'x-amz-target',
    'x-amz-user-agent',
    'x-amz-date',
    'x-amz-security-token',
    'x-amz-content-sha256',
    'authorization',
    'cache-control',
    'amz-sdk-invocation-id',
    'amz-sdk-request',
  ].join(', '),
  'access-control-expose-headers': 'x-amzn-requestid, x-amzn-errortype, x-amzn-errormessage, date',
  'access-control-max-age': '86400',
};

function answer(status: number, body: unknown, extra: Record<string, string> = {}): HttpResponse {
  return {
    status,
    headers: {
      'content-type': CONTENT_TYPE,
      'x-amzn-requestid': randomUUID(),
      ...CORS_HEADERS,
      ...extra,
    },
    body: JSON.stringify(body),
  };
}

/** The one place an error becomes HTTP. Headers carry no newlines, so the message is flattened there. */
function errorResponse(error: CognitoError): HttpResponse {
  return answer(
    error.status,
    { __type: error.type, message: error.message },
    {
      'x-amzn-errortype': `${error.type}:`,
      'x-amzn-errormessage': error.message.replace(/[\r\n]+/g, ' ').trim(),
    },
  );
}

function parseBody(request: HttpRequest): unknown {
  const text = request.body.toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw cognitoError('SerializationException', messages.serialization, error);
  }
}

export function createCognitoHttpService(deps: {
  services: Services;
  issuer: () => string;
  jwks: () => { keys: PublicJwk[] };
}): HttpService {
  const { services, issuer, jwks } = deps;
  const wellKnown = `/${services.pool.userPoolId}/.well-known/`;

  async function dispatch(request: HttpRequest): Promise<HttpResponse> {
    const target = request.headers['x-amz-target'] ?? '';
    if (!target.startsWith(TARGET_PREFIX)) {
      throw cognitoError('UnsupportedOperationException', messages.missingTarget);
    }
    const name = target.slice(TARGET_PREFIX.length);
    const operation = Object.hasOwn(operations, name) ? operations[name] : undefined;
    if (!operation)
      throw cognitoError('UnsupportedOperationException', messages.unsupportedOperation(name));
    return answer(200, await operation(services, parseBody(request)));
  }

  return async (request) => {
    if (request.method === 'OPTIONS') return { status: 204, headers: CORS_HEADERS };
    if (request.method === 'GET' && request.path === `${wellKnown}jwks.json`) {
      return answer(200, jwks(), { 'content-type': 'application/json' });
    }
    if (request.method === 'GET' && request.path === `${wellKnown}openid-configuration`) {
      const iss = issuer();
      return answer(
        200,
        {
          issuer: iss,
          jwks_uri: `${iss}/.well-known/jwks.json`,
          id_token_signing_alg_values_supported: ['RS256'],
        },
        { 'content-type': 'application/json' },
      );
    }
    if (request.method !== 'POST' || (request.path !== '/' && request.path !== '')) {
      return answer(404, { message: `No route for ${request.method} ${request.path}` });
    }
    try {
      return await dispatch(request);
    } catch (error) {
      if (error instanceof CognitoError) return errorResponse(error);
      services.log(
        `cognito: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      return errorResponse(cognitoError('InternalErrorException', messages.internal, error));
    }
  };
}
