import { catalogueRoutes, certificationsRoutes, healthRoutes } from '@cpe/shared/routes';
import { errorBody } from '@cpe/shared/schemas';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { DatabaseError } from '../db/errors';
import { ConflictError, NotFoundError } from '../errors';
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
  version: 1,
});

describe('createHandler', () => {
  const seen: unknown[] = [];
  const handler = createHandler(certificationsRoutes, {
    listCertifications: () => Promise.resolve([]),
    getReadiness: () => Promise.resolve({}),
    listCycles: () => Promise.resolve([]),
    createCertification: () => Promise.resolve({}),
    updateCertification: (ctx) => {
      seen.push(ctx);
      return Promise.resolve({ ok: true });
    },
    deleteCertification: () => Promise.reject(new ConflictError('has activities')),
    getCertification: () => Promise.resolve([]),
    renewCertification: () => Promise.reject(new Error('database exploded: password=secret')),
    readBadge: () => Promise.resolve({}),
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
          version: 1,
        }),
      }),
    );
    expect(result.statusCode).toBe(400);
    const body = errorBody.parse(JSON.parse(result.body));
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(
      ['certification_name', 'cpe_needed', 'earned_date', 'verification_link'].sort(),
    );
    expect(body.message).toMatch(/^Invalid request: /);
    expect(seen).toHaveLength(0);
  });

  it('answers 400 for a body that is not JSON or not an object', async () => {
    for (const body of ['{nope', '[1,2]', '"text"']) {
      const result = await handler(event({ body }));
      expect(result.statusCode).toBe(400);
      expect(errorBody.parse(JSON.parse(result.body)).errors).toEqual({
        body: expect.any(String) as unknown,
      });
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

describe('createHandler: database refusals (issue 9 item 1)', () => {
  it('answers a value the database refuses with 400 naming the field, never 500', async () => {
    const refusal = new Error(
      'ERROR: new row for relation "certifications" violates check constraint "certifications_verification_link_check"\n  Detail: Failing row contains (...); SQLState: 23514',
    );
    refusal.name = 'DatabaseErrorException';
    const handler = createHandler(certificationsRoutes, {
      listCertifications: () => Promise.resolve([]),
      getReadiness: () => Promise.resolve({}),
      listCycles: () => Promise.resolve([]),
      createCertification: () => Promise.resolve({}),
      updateCertification: () => Promise.reject(new DatabaseError(refusal)),
      deleteCertification: () => Promise.resolve(),
      getCertification: () => Promise.resolve([]),
      renewCertification: () => Promise.resolve({}),
      readBadge: () => Promise.resolve({}),
    });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const result = await handler(event({ body: validBody }));
    warn.mockRestore();
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body)).toEqual({
      message: expect.stringMatching(/^Invalid request: verification_link /) as unknown,
      errors: { verification_link: expect.stringContaining('http') as unknown },
    });
  });
});

describe('createHandler: a deleted account (issue 25 item 5)', () => {
  function guarded(exists: boolean) {
    const asked: string[] = [];
    const handler = createHandler(
      certificationsRoutes,
      {
        listCertifications: () => Promise.resolve([]),
        getReadiness: () => Promise.resolve({}),
        listCycles: () => Promise.resolve([]),
        createCertification: () => Promise.resolve({}),
        updateCertification: () => Promise.resolve({ ok: true }),
        deleteCertification: () => Promise.reject(new ConflictError('has activities')),
        getCertification: () => Promise.reject(new NotFoundError()),
        renewCertification: () => Promise.resolve({}),
        readBadge: () => Promise.resolve({}),
      },
      {
        userExists: (sub) => {
          asked.push(sub);
          return Promise.resolve(exists);
        },
      },
    );
    return { handler, asked };
  }
  const get = event({ resource: '/api/certification/{id}', httpMethod: 'GET' });

  it('answers 401 where a caller without a user row meets a 404 or a 400', async () => {
    const { handler, asked } = guarded(false);
    expect((await handler(get)).statusCode).toBe(401);
    expect((await handler(event({ body: '{}' }))).statusCode).toBe(401);
    expect(asked).toEqual(['sub-1', 'sub-1']);
  });

  it('keeps the 404 of a caller who exists, and asks nothing when the operation succeeds', async () => {
    const { handler, asked } = guarded(true);
    expect((await handler(get)).statusCode).toBe(404);
    expect(asked).toEqual(['sub-1']);
    asked.length = 0;
    expect((await handler(event({ body: validBody }))).statusCode).toBe(200);
    expect((await handler(event({ httpMethod: 'DELETE' }))).statusCode).toBe(409);
    expect(asked).toEqual([]);
  });
});

describe('createHandler: query strings, route ids, caching and the client address', () => {
  const seen: unknown[] = [];
  const catalogue = createHandler(catalogueRoutes, {
    searchCatalogue: (ctx) => {
      seen.push(ctx);
      return Promise.resolve([]);
    },
    getCatalogueEntry: (ctx) => {
      seen.push(ctx);
      return Promise.resolve({ id: ctx.id });
    },
  });
  const search = (query: Record<string, string> | null) =>
    catalogue(
      event({
        resource: '/api/catalogue',
        path: '/api/catalogue',
        httpMethod: 'GET',
        pathParameters: null,
        queryStringParameters: query,
        sub: null,
      }),
    );

  beforeEach(() => {
    seen.length = 0;
  });

  it("validates the route's query schema and passes the parsed query", async () => {
    const result = await search({ q: 'cissp', limit: '5', utm_source: 'x' });
    expect(result.statusCode).toBe(200);
    expect(seen[0]).toMatchObject({
      query: { q: 'cissp', limit: 5 },
      caller: null,
      sourceIp: '127.0.0.1',
    });
    expect(await search(null)).toMatchObject({ statusCode: 200 });
  });

  it('answers 400 naming a bad query parameter (issue 10: bad limit)', async () => {
    for (const limit of ['0', '51', 'ten']) {
      const result = await search({ limit });
      expect(result.statusCode).toBe(400);
      expect(errorBody.parse(JSON.parse(result.body)).errors).toEqual({
        limit: expect.any(String) as unknown,
      });
    }
    const controls = await search({ q: 'a\r\nb' });
    expect(errorBody.parse(JSON.parse(controls.body)).errors).toEqual({
      q: expect.any(String) as unknown,
    });
    expect(seen).toHaveLength(0);
  });

  it("sets the route's Cache-Control on success only; errors stay no-store", async () => {
    expect((await search({ q: 'x' })).headers).toMatchObject({
      'cache-control': 'public, max-age=3600',
    });
    expect((await search({ limit: '0' })).headers).toMatchObject({ 'cache-control': 'no-store' });
    const certs = createHandler(healthRoutes, { health: () => Promise.resolve({ status: 'ok' }) });
    const health = await certs(
      event({
        resource: '/api/health',
        path: '/api/health',
        httpMethod: 'GET',
        pathParameters: null,
      }),
    );
    expect(health.headers).toMatchObject({ 'cache-control': 'no-store' });
  });

  it("checks {id} against the route's own id schema", async () => {
    const get = (id: string) =>
      catalogue(
        event({
          resource: '/api/catalogue/{id}',
          path: `/api/catalogue/${id}`,
          httpMethod: 'GET',
          pathParameters: { id },
          sub: null,
        }),
      );
    expect((await get('isc2-cissp')).statusCode).toBe(200);
    for (const id of [CERT_ID.toUpperCase(), 'ISC2 CISSP', '__proto__', '../x']) {
      expect((await get(encodeURIComponent(id))).statusCode).toBe(404);
    }
  });
});
