import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { Params, Queryable } from '../db';
import { createRecommendationsHandler } from '../handlers/recommendations';
import type { HeldCertification } from '@cpe/shared';
import type { Recommender } from './recommender';

function event(sub: string | null): APIGatewayProxyEvent {
  return {
    resource: '/api/recommendations',
    path: '/api/recommendations',
    httpMethod: 'POST',
    headers: { Authorization: 'Bearer token-1' },
    multiValueHeaders: {},
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: null,
    stageVariables: null,
    body: '{}',
    isBase64Encoded: false,
    requestContext: {
      requestId: 'req-1',
      identity: { sourceIp: '127.0.0.1' },
      authorizer: sub === null ? null : { claims: { sub } },
    } as unknown as APIGatewayProxyEvent['requestContext'],
  };
}

function fakeDb(names: string[]) {
  const calls: { sql: string; params: Params }[] = [];
  const db: Queryable = {
    query(sql, params, row) {
      calls.push({ sql, params });
      return Promise.resolve(
        names.map((n) =>
          row.parse({ certification_name: n, catalogue_id: n === 'PMP' ? 'pmi-pmp' : null }),
        ),
      );
    },
    execute: () => Promise.reject(new Error('not expected')),
    batch: () => Promise.reject(new Error('not expected')),
  };
  return { db, calls };
}

describe('POST /api/recommendations', () => {
  it("reads the caller's certifications in one query and answers the recommender's result", async () => {
    const { db, calls } = fakeDb(['CISA', 'PMP']);
    const seen: { held: readonly HeldCertification[]; requestId: string }[] = [];
    const recommender: Recommender = {
      recommend(held, requestId) {
        seen.push({ held, requestId });
        return Promise.resolve({ text: '1. CISM', source: 'openai', entries: ['isaca-cism'] });
      },
    };
    const handler = createRecommendationsHandler({ recommender, db });

    const result = await handler(event('sub-1'));

    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body)).toEqual({
      text: '1. CISM',
      source: 'openai',
      entries: ['isaca-cism'],
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.params).toEqual({ sub: 'sub-1' });
    expect(calls[0]?.sql.replace(/\s+/g, ' ')).toBe(
      'select c.certification_name, c.catalogue_id from users u left join certifications c on c.user_id = u.user_id where u.cognito_sub = :sub order by c.created_at',
    );
    expect(seen).toEqual([
      {
        held: [
          { name: 'CISA', catalogue_id: null },
          { name: 'PMP', catalogue_id: 'pmi-pmp' },
        ],
        requestId: 'req-1',
      },
    ]);
  });

  it('refuses a caller without identity before touching the database', async () => {
    const { db, calls } = fakeDb([]);
    const recommender: Recommender = { recommend: () => Promise.reject(new Error('not expected')) };
    const handler = createRecommendationsHandler({ recommender, db });

    const result = await handler(event(null));

    expect(result.statusCode).toBe(401);
    expect(calls).toHaveLength(0);
  });
});
