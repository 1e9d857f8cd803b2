/**
 * GET /api/catalogue and GET /api/catalogue/{id} through the local gateway
 * (issue 10 item 2): public, cacheable, ranked, validated query parameters,
 * and no Data API call at all.
 */
import { CATALOGUE_CACHE_CONTROL, type PublicCatalogueEntry } from '@cpe/shared';
import { expected } from '../support/expected';
import { type TestRuntime, startTestRuntime } from '../support/runtime';
import { api } from '../support/users';

describe('the catalogue routes', () => {
  let runtime: TestRuntime;

  beforeAll(async () => {
    runtime = await startTestRuntime('pglite');
  });
  afterAll(async () => {
    await runtime.destroy();
  });

  async function get(path: string) {
    runtime.rdsData.calls.reset();
    const answer = await api(runtime).get(path);
    return { ...answer, dataApiCalls: runtime.rdsData.calls.total };
  }

  it('answers a ranked search without a token or a database call, cacheable for an hour', async () => {
    const answer = await get('/api/catalogue?q=cissp');
    expect(answer).toMatchObject({ status: 200, dataApiCalls: 0 });
    expect(answer.headers.get('cache-control')).toBe(CATALOGUE_CACHE_CONTROL);
    const entries = answer.body as PublicCatalogueEntry[];
    expect(entries[0]).toMatchObject({
      id: 'isc2-cissp',
      name: 'CISSP',
      body: 'ISC2',
      renewal: { unit: 'CPE', total: 120, cycleMonths: 36 },
      source: expected.stringMatching(/^https:\/\//),
      checked: expected.stringMatching(/^\d{4}-\d{2}$/),
    });
    expect(entries[0]).not.toHaveProperty('recommendable');
  });

  it('ignores case and accents, honours limit, and answers the most held for an empty query', async () => {
    const accented = (await get(`/api/catalogue?q=${encodeURIComponent('CÏSSP')}&limit=1`)).body;
    expect((accented as PublicCatalogueEntry[]).map((e) => e.id)).toEqual(['isc2-cissp']);
    const popular = (await get('/api/catalogue?limit=3')).body as PublicCatalogueEntry[];
    expect(popular).toHaveLength(3);
    expect((await get('/api/catalogue')).body).toHaveLength(10);
    expect((await get('/api/catalogue?q=zzzzqqq')).body).toEqual([]);
  });

  it('answers 400 naming a bad limit or query, with no-store', async () => {
    for (const query of [
      'limit=0',
      'limit=51',
      'limit=ten',
      'limit=',
      `q=${encodeURIComponent('a\r\nb')}`,
    ]) {
      const answer = await get(`/api/catalogue?${query}`);
      expect(answer.status).toBe(400);
      expect(Object.keys((answer.body as { errors: object }).errors)).toHaveLength(1);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('answers one entry by id, and 404 for an unknown or malformed one', async () => {
    const one = await get('/api/catalogue/pmi-pmp');
    expect(one).toMatchObject({
      status: 200,
      dataApiCalls: 0,
      body: { id: 'pmi-pmp', renewal: { unit: 'PDU' } },
    });
    expect(one.headers.get('cache-control')).toBe(CATALOGUE_CACHE_CONTROL);
    for (const id of ['pmi-pmq', 'PMI-PMP', '__proto__', 'constructor', 'a'.repeat(65)]) {
      const answer = await get(`/api/catalogue/${id}`);
      expect({ id, status: answer.status }).toEqual({ id, status: 404 });
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  });
});
