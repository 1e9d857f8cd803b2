import type { APIGatewayProxyEvent } from 'aws-lambda';
import { ConflictError } from '../errors';
import { createHandler } from './handler';

const CERT_ID = '2b1c4a0e-6a57-4c5e-8d7c-1b2a3c4d5e6f';

function event(
  overrides: Partial<APIGatewayProxyEvent> & { sub?: string | null },
): APIGatewayProxyEvent {
  const { sub = 'sub-1', ...rest } = overrides;
  return {
    resource: '/api/certifications/{id}',
    path: `/api/certifications/${CERT_ID}`,
    httpMethod: 'PUT',
    headers: { Authorization: 'Bearer token-1' },
    multiValueHeaders: {},
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: { id: CERT_ID },
    stageVariables: null,
    body: null,
    isBase64Encoded: false,
    requestContext: {
      requestId: 'req-1',
      identity: { sourceIp: '127.0.0.1' },
      authorizer: sub === null ? null : { claims: { sub } },
    } as unknown as APIGatewayProxyEvent['requestContext'],
    ...rest,
  };
}

const validBody = JSON.stringify({
  certification_name: 'CISSP',
  earned_date: '2024-01-01',
  expiry_date: '2027-01-01',
  cpe_needed: '120',
  verification_link: 'https://example.com/v',
});

describe('createHandler', () => {
  const seen: unknown[] = [];
  const handler = createHandler('certifications', {
    listCertifications: async () => [],
    createCertification: async () => ({}),
    updateCertification: async (ctx) => {
      seen.push(ctx);
      return { ok: true };
    },
    deleteCertification: async () => {
      throw new ConflictError('has activities');
    },
    getCertification: async () => [],
    renewCertification: async () => {
      throw new Error('database exploded: password=secret');
    },
  });

  beforeEach(() => {
    seen.length = 0;
  });

  it('passes the validated body, id, caller and token to the operation', async () => {
    const result = await handler(event({ body: validBody }));
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body)).toEqual({ ok: true });
    expect(seen[0]).toMatchObject({
      id: CERT_ID,
      caller: { sub: 'sub-1' },
      accessToken: 'token-1',
      body: { certification_name: 'CISSP', cpe_needed: 120, expiry_date: '2027-01-01' },
    });
  });

  it('answers 400 with a message per field for bad input', async () => {
    const result = await handler(
      event({
        body: JSON.stringify({
          certification_name: '',
          earned_date: '2024-02-30',
          expiry_date: '2020-01-01',
          cpe_needed: -1,
          verification_link: 'javascript:alert(1)',
        }),
      }),
    );
    expect(result.statusCode).toBe(400);
    const body = JSON.parse(result.body);
    expect(Object.keys(body.errors).sort()).toEqual(
      ['certification_name', 'cpe_needed', 'earned_date', 'verification_link'].sort(),
    );
    expect(body.message).toMatch(/^Invalid request: /);
    expect(seen).toHaveLength(0);
  });

  it('answers 400 for a body that is not JSON or not an object', async () => {
    for (const body of ['{nope', '[1,2]', '"text"']) {
      const result = await handler(event({ body }));
      expect(result.statusCode).toBe(400);
      expect(JSON.parse(result.body).errors).toEqual({ body: expect.any(String) });
    }
  });

  it('answers 404 for a malformed id before running the operation', async () => {
    const result = await handler(event({ body: validBody, pathParameters: { id: "1' or 1=1" } }));
    expect(result.statusCode).toBe(404);
    expect(seen).toHaveLength(0);
  });

  it('answers 401 without claims on a protected route', async () => {
    const result = await handler(event({ body: validBody, sub: null }));
    expect(result.statusCode).toBe(401);
  });

  it('turns typed errors into their status and hides unexpected ones', async () => {
    const conflict = await handler(event({ httpMethod: 'DELETE' }));
    expect(conflict.statusCode).toBe(409);
    expect(JSON.parse(conflict.body)).toEqual({ message: 'has activities' });

    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const crash = await handler(
      event({ resource: '/api/renewCertification/{id}', httpMethod: 'PUT' }),
    );
    spy.mockRestore();
    expect(crash.statusCode).toBe(500);
    expect(crash.body).toBe(JSON.stringify({ message: 'Internal server error' }));
  });
});
