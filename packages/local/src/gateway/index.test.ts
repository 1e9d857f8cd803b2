import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { HttpRequest } from '../http/types';
import { acceptsBinary, createGateway, toHttpResponse, type ProxyHandler } from './index';

function request(method: string, rawPath: string, extra: Partial<HttpRequest> = {}): HttpRequest {
  const url = new URL(rawPath, 'http://localhost');
  return {
    method,
    rawPath: url.pathname,
    path: url.pathname,
    query: url.searchParams,
    headers: { host: 'localhost:3000', 'user-agent': 'test' },
    body: Buffer.alloc(0),
    sourceIp: '127.0.0.9',
    ...extra,
  };
}

function gatewayWith(
  handler: ProxyHandler,
  claims: Record<string, string> | null = { sub: 's-1' },
) {
  const seen: APIGatewayProxyEvent[] = [];
  const gateway = createGateway({
    authorize: () => Promise.resolve(claims),
    loadHandler: () =>
      Promise.resolve<ProxyHandler>(async (event) => {
        seen.push(event);
        return handler(event);
      }),
  });
  return { gateway, seen };
}

const ok: ProxyHandler = () => Promise.resolve({ statusCode: 200, body: '{"ok":true}' });

describe('the local API Gateway', () => {
  it('hands the handler a REST proxy event (payload 1.0) for the matched resource', async () => {
    const { gateway, seen } = gatewayWith(ok, { sub: 's-1', email_verified: 'true' });
    const id = '2b1c4a0e-6a57-4c5e-8d7c-1b2a3c4d5e6f';

    const response = await gateway(
      request('PUT', `/api/certifications/${id}?a=1&a=2&b=x`, {
        headers: {
          host: 'localhost:3000',
          authorization: 'Bearer t',
          'content-type': 'application/json',
        },
        body: Buffer.from('{"x":1}'),
      }),
    );

    expect(response.status).toBe(200);
    const event = seen[0];
    expect(event).toMatchObject({
      resource: '/api/certifications/{id}',
      path: `/api/certifications/${id}`,
      httpMethod: 'PUT',
      pathParameters: { id },
      queryStringParameters: { a: '2', b: 'x' },
      multiValueQueryStringParameters: { a: ['1', '2'], b: ['x'] },
      body: '{"x":1}',
      isBase64Encoded: false,
      stageVariables: null,
      requestContext: {
        stage: 'prod',
        path: `/prod/api/certifications/${id}`,
        resourcePath: '/api/certifications/{id}',
        httpMethod: 'PUT',
        identity: { sourceIp: '127.0.0.9' },
        authorizer: { claims: { sub: 's-1', email_verified: 'true' } },
      },
    });
    expect(event?.headers.authorization).toBe('Bearer t');
    expect(event?.requestContext.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('routes /beta/* to the contact API, stage beta, without an authorizer', async () => {
    const { gateway, seen } = gatewayWith(ok, null);
    const response = await gateway(request('POST', '/beta/submit'));
    expect(response.status).toBe(200);
    expect(seen[0]).toMatchObject({
      resource: '/submit',
      path: '/submit',
      pathParameters: null,
      queryStringParameters: null,
      body: null,
      requestContext: { stage: 'beta', path: '/beta/submit', authorizer: null },
    });
  });

  it('answers 403 Missing Authentication Token for unknown routes and methods', async () => {
    const { gateway, seen } = gatewayWith(ok);
    for (const [method, path] of [
      ['GET', '/api/unknown'],
      ['PATCH', '/api/health'],
      ['GET', '/beta/health'],
      ['GET', '/api/certifications'],
    ]) {
      const response = await gateway(request(method as string, path as string));
      expect(response.status).toBe(403);
      expect(JSON.parse(String(response.body))).toEqual({
        message: 'Missing Authentication Token',
      });
    }
    expect(seen).toHaveLength(0);
  });

  it('answers 401 when the authorizer refuses, without calling the handler', async () => {
    const { gateway, seen } = gatewayWith(ok, null);
    const response = await gateway(request('GET', '/api/certifications/x'));
    expect(response.status).toBe(401);
    expect(JSON.parse(String(response.body))).toEqual({ message: 'Unauthorized' });
    expect(seen).toHaveLength(0);
  });

  it('answers 502 when the handler throws or returns a malformed result', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const results: unknown[] = [
      undefined,
      'text',
      { body: '{}' },
      { statusCode: '200', body: '' },
      { statusCode: 200, body: { not: 'a string' } },
      { statusCode: 200, headers: { x: { nested: true } }, body: '' },
    ];
    for (const result of results) {
      const { gateway } = gatewayWith(() => Promise.resolve(result));
      const response = await gateway(request('GET', '/api/health'));
      expect({ result, status: response.status }).toEqual({ result, status: 502 });
      expect(JSON.parse(String(response.body))).toEqual({ message: 'Internal server error' });
    }
    const { gateway } = gatewayWith(() => Promise.reject(new Error('boom')));
    expect((await gateway(request('GET', '/api/health'))).status).toBe(502);
    spy.mockRestore();
  });
});

describe('toHttpResponse', () => {
  it('decodes base64 bodies and keeps multi-value headers', () => {
    const response = toHttpResponse({
      statusCode: 201,
      headers: { 'Content-Type': 'text/plain' },
      multiValueHeaders: { 'Set-Cookie': ['a=1', 'b=2'] },
      body: Buffer.from('hello').toString('base64'),
      isBase64Encoded: true,
    });
    expect(response.status).toBe(201);
    expect(response.headers).toEqual({
      'content-type': 'text/plain',
      'set-cookie': ['a=1', 'b=2'],
    });
    expect(String(response.body)).toBe('hello');
  });
});

describe('binary answers', () => {
  const pdf = {
    statusCode: 200,
    headers: { 'Content-Type': 'application/pdf' },
    body: Buffer.from('%PDF-1.7').toString('base64'),
    isBase64Encoded: true,
  };

  it('decodes only for a request whose first Accept type is a binary media type', async () => {
    const { gateway } = gatewayWith(() => Promise.resolve(pdf));
    const asked = await gateway({
      ...request('GET', '/api/health'),
      headers: { accept: 'application/pdf, */*' },
    });
    const other = await gateway({ ...request('GET', '/api/health'), headers: { accept: '*/*' } });

    expect(String(asked.body)).toBe('%PDF-1.7');
    expect(String(other.body)).toBe(pdf.body);
  });

  it('reads the first Accept type without its parameters', () => {
    expect(acceptsBinary('application/zip;q=0.9, text/html')).toBe(true);
    expect(acceptsBinary('text/html, application/pdf')).toBe(false);
    expect(acceptsBinary(undefined)).toBe(false);
  });
});
