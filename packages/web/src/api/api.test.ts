/** @jest-environment node */
import { certification } from '../test/builders';
import { createApi } from './api';

describe('the API', () => {
  it('is ready at once; its HTTP code loads with the first request', async () => {
    const cert = certification();
    const fetch = jest.fn((..._args: Parameters<typeof globalThis.fetch>) =>
      Promise.resolve(
        new Response(JSON.stringify([cert]), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    const api = createApi({
      config: { apiBase: 'https://app.example.com', contactBase: '/beta' },
      getAccessToken: () => Promise.resolve('tok'),
      onUnauthorized: jest.fn(),
      fetch,
    });

    await expect(api.listCertifications('user 1')).resolves.toEqual([cert]);
    expect(fetch.mock.calls[0]?.[0]).toBe('https://app.example.com/api/certifications/user%201');
  });
});
