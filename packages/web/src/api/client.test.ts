/** @jest-environment node */
import { certification } from '../test/builders';
import { ApiError, createRequester } from './client';

function respond(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function setup(answer: Response | Error, token: string | null = 'tok') {
  const fetch = jest.fn(async (..._args: Parameters<typeof globalThis.fetch>) => {
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const onUnauthorized = jest.fn();
  const request = createRequester({
    config: { apiBase: 'https://app.example.com', contactBase: 'https://app.example.com/beta' },
    getAccessToken: async () => token,
    onUnauthorized,
    fetch: fetch,
  });
  return { request, fetch, onUnauthorized };
}

describe('the API client', () => {
  it('builds the path from the route table, sends the bearer token and parses the answer', async () => {
    const cert = certification();
    const { request, fetch } = setup(respond(200, [cert]));

    const list = await request('listCertifications', { params: { id: 'user 1' } });

    expect(list).toEqual([cert]);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('https://app.example.com/api/certifications/user%201');
    expect(init?.method).toBe('GET');
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  it('sends JSON bodies with the route method', async () => {
    const { request, fetch } = setup(respond(201, certification()));

    await request('createCertification', {
      body: {
        certification_name: 'X',
        earned_date: '2024-01-01',
        expiry_date: null,
        cpe_needed: null,
        verification_link: null,
      },
    });

    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('https://app.example.com/api/certifications');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toMatchObject({ certification_name: 'X' });
  });

  it('posts the contact form to the contact API without a token', async () => {
    const { request, fetch } = setup(respond(200, { message: 'ok' }), null);

    await request('submitContact', { body: { name: 'A', email: 'a@example.com', message: 'hi' } });

    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('https://app.example.com/beta/submit');
    expect((init?.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it("turns a 400 into an ApiError with the server's per-field messages", async () => {
    const { request } = setup(
      respond(400, { message: 'Invalid request', errors: { earned_date: 'must be a date' } }),
    );

    const error = await request('getCertification', { params: { id: 'x' } }).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid request',
      fieldErrors: { earned_date: 'must be a date' },
    });
  });

  it('reports 404 as such', async () => {
    const { request } = setup(respond(404, { message: 'Not found' }));

    await expect(request('getActivity', { params: { id: 'x' } })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('signs the user out on 401, and when there is no session at all', async () => {
    const answered = setup(respond(401, { message: 'Unauthorized' }));
    await expect(answered.request('listActivities', { params: { id: 'x' } })).rejects.toMatchObject(
      { status: 401 },
    );
    expect(answered.onUnauthorized).toHaveBeenCalledTimes(1);

    const signedOut = setup(respond(200, []), null);
    await expect(
      signedOut.request('listActivities', { params: { id: 'x' } }),
    ).rejects.toMatchObject({ status: 401 });
    expect(signedOut.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(signedOut.fetch).not.toHaveBeenCalled();
  });

  it('refuses an answer that does not match the schema', async () => {
    const { request } = setup(respond(200, [{ certification_id: 1 }]));

    await expect(request('listCertifications', { params: { id: 'u' } })).rejects.toMatchObject({
      message: 'The server sent an answer this page cannot read.',
    });
  });

  it('answers nothing for 204 routes, and status 0 when the network fails', async () => {
    expect(
      await setup(new Response(null, { status: 204 })).request('deleteActivity', {
        params: { id: 'a' },
      }),
    ).toBeUndefined();
    await expect(
      setup(new TypeError('Failed to fetch')).request('deleteActivity', { params: { id: 'a' } }),
    ).rejects.toMatchObject({ status: 0 });
  });
});
