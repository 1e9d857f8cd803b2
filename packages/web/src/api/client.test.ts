/** @jest-environment node */
import { certification } from '../test/builders';
import { accountApi } from './account';
import {
  ApiError,
  MAX_RETRY_AFTER_MS,
  createFileRequester,
  createRequester,
  dispositionFileName,
  retryAfterMs,
} from './client';

function respond(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function setup(answer: Response | Error, token: string | null = 'tok') {
  const fetch = jest.fn((..._args: Parameters<typeof globalThis.fetch>) =>
    answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer),
  );
  const onUnauthorized = jest.fn();
  const request = createRequester({
    config: { apiBase: 'https://app.example.com', contactBase: 'https://app.example.com/beta' },
    getAccessToken: () => Promise.resolve(token),
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

  it('rotates the calendar feed on the address it read (If-Match), and says when another window won', async () => {
    const { request, fetch } = setup(
      respond(409, { message: 'The feed address changed in another window. Reload the page.' }),
    );

    await expect(
      accountApi(request).rotateCalendarFeed('2026-11-26T10:00:00.000Z'),
    ).rejects.toMatchObject({
      status: 409,
      message: 'The feed address changed in another window. Reload the page.',
    });

    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('https://app.example.com/api/account/calendar');
    expect(init?.method).toBe('PUT');
    expect((init?.headers as Record<string, string>)['if-match']).toBe(
      '"2026-11-26T10:00:00.000Z"',
    );
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

  it('keeps the user signed in when the session cannot be refreshed for now (the pool out of reach)', async () => {
    const fetch = jest.fn();
    const onUnauthorized = jest.fn();
    const offline = Object.assign(new Error('Network error'), { name: 'NetworkError' });
    const request = createRequester({
      config: { apiBase: '', contactBase: '/beta' },
      getAccessToken: () => Promise.reject(offline),
      onUnauthorized,
      fetch,
    });

    await expect(request('listActivities', { params: { id: 'x' } })).rejects.toMatchObject({
      status: 0,
      message: 'Could not reach the server. Please check your connection.',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
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

describe('a 503 that says when to come back', () => {
  const RESUMING = { message: 'The database is starting up. Please try again shortly.' };

  function answers(...responses: Response[]) {
    const fetch = jest.fn((..._args: Parameters<typeof globalThis.fetch>) => {
      const next = responses.shift();
      return next ? Promise.resolve(next) : Promise.reject(new Error('no more answers'));
    });
    const waits: number[] = [];
    const ends: string[] = [];
    const request = createRequester({
      config: { apiBase: '', contactBase: '/beta' },
      getAccessToken: () => Promise.resolve('tok'),
      onUnauthorized: jest.fn(),
      fetch,
      wait: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
      activity: {
        start: () => {
          ends.push('started');
          return () => ends.push('ended');
        },
      },
    });
    return { request, fetch, waits, ends };
  }

  const unavailable = (retryAfter?: string) =>
    new Response(JSON.stringify(RESUMING), {
      status: 503,
      headers: {
        'content-type': 'application/json',
        ...(retryAfter === undefined ? {} : { 'retry-after': retryAfter }),
      },
    });

  it('is asked once more after the wait it names, and the second answer counts', async () => {
    const cert = certification();
    const { request, fetch, waits, ends } = answers(unavailable('3'), respond(200, [cert]));

    const list = await request('listCertifications', { params: { id: 'u' } });

    expect(list).toEqual([cert]);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(waits).toEqual([3000]);
    // One request as far as the screen is concerned, however many exchanges.
    expect(ends).toEqual(['started', 'ended']);
  });

  it("answers the server's message when the retry is refused too, after one retry only", async () => {
    const { request, fetch, ends } = answers(unavailable('10'), unavailable('10'));

    const error = await request('createActivity', {
      body: {
        certification_id: 'c',
        activity_name: 'A',
        description: '',
        cpe_units: 1,
        activity_date: '2024-01-01',
      },
    }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, message: RESUMING.message });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(ends).toEqual(['started', 'ended']);
  });

  it('caps a long wait, and does not retry a 503 that names none', async () => {
    const long = answers(unavailable('3600'), respond(200, []));
    await long.request('listCertifications', { params: { id: 'u' } });
    expect(long.waits).toEqual([MAX_RETRY_AFTER_MS]);

    const bare = answers(unavailable(), respond(200, []));
    await expect(bare.request('listCertifications', { params: { id: 'u' } })).rejects.toMatchObject(
      { status: 503 },
    );
    expect(bare.fetch).toHaveBeenCalledTimes(1);
  });

  it('does not retry other failures', async () => {
    const { request, fetch } = answers(
      new Response(JSON.stringify({ message: 'Too many' }), {
        status: 429,
        headers: { 'retry-after': '1' },
      }),
    );

    await expect(
      request('submitContact', { body: { name: 'A', email: 'a@example.com', message: 'hi' } }),
    ).rejects.toMatchObject({ status: 429 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, capped, and nothing else', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfterMs('2', now)).toBe(2000);
    expect(retryAfterMs('0', now)).toBe(0);
    expect(retryAfterMs('Wed, 01 Jan 2025 00:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Wed, 01 Jan 2025 10:00:00 GMT', now)).toBe(MAX_RETRY_AFTER_MS);
    expect(retryAfterMs('Tue, 31 Dec 2024 23:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });
});

describe('query strings and cancelled requests', () => {
  it('adds the query to the path', async () => {
    const { request, fetch } = setup(respond(200, []), null);

    await request('searchCatalogue', { query: { q: 'cissp & co', limit: '8' } });

    expect(fetch.mock.calls[0]?.[0]).toBe(
      'https://app.example.com/api/catalogue?q=cissp+%26+co&limit=8',
    );
  });

  it("rejects a cancelled request with the signal's reason, not a network failure", async () => {
    const controller = new AbortController();
    const fetch = jest.fn(
      (_input: unknown, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new TypeError('aborted')));
        }),
    );
    const request = createRequester({
      config: { apiBase: '', contactBase: '/beta' },
      getAccessToken: () => Promise.resolve(null),
      onUnauthorized: jest.fn(),
      fetch,
    });

    const pending = request('searchCatalogue', { query: { q: 'c' }, signal: controller.signal });
    controller.abort(new Error('superseded'));

    await expect(pending).rejects.toThrow('superseded');
  });
});

describe('the file requester', () => {
  function fileSetup(answer: Response) {
    const fetch = jest.fn((..._args: Parameters<typeof globalThis.fetch>) =>
      Promise.resolve(answer),
    );
    const requestFile = createFileRequester({
      config: { apiBase: 'https://app.example.com', contactBase: 'https://app.example.com/beta' },
      getAccessToken: () => Promise.resolve('tok'),
      onUnauthorized: jest.fn(),
      fetch,
    });
    return { requestFile, fetch };
  }

  it('answers the bytes with the name Content-Disposition gives them', async () => {
    const bytes = new Uint8Array([37, 80, 68, 70, 0, 255]);
    const { requestFile, fetch } = fileSetup(
      new Response(bytes, {
        status: 200,
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="CISSP report.pdf"',
        },
      }),
    );

    const answer = await requestFile('getCertification', {
      params: { id: 'c1' },
      accept: 'application/pdf, application/json',
    });

    expect(answer.kind).toBe('file');
    if (answer.kind !== 'file') return;
    expect(answer.fileName).toBe('CISSP report.pdf');
    expect(new Uint8Array(await answer.blob.arrayBuffer())).toEqual(bytes);
    const [, init] = fetch.mock.calls[0] ?? [];
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer tok');
    // The file's type first: API Gateway answers bytes, not base64, only then.
    expect((init?.headers as Record<string, string>).accept).toBe(
      'application/pdf, application/json',
    );
  });

  it('answers the link of a JSON {url} answer (a large file kept in storage)', async () => {
    const { requestFile } = fileSetup(
      respond(200, { url: 'https://bucket.example.com/r.zip?X=1' }),
    );

    expect(await requestFile('getCertification', { params: { id: 'c1' } })).toEqual({
      kind: 'url',
      url: 'https://bucket.example.com/r.zip?X=1',
    });
  });

  it("turns a failure into an ApiError with the server's message", async () => {
    const { requestFile } = fileSetup(respond(404, { message: 'Not found' }));

    await expect(requestFile('getCertification', { params: { id: 'c1' } })).rejects.toMatchObject({
      status: 404,
      message: 'Not found',
    });
  });

  it('reads file names plain, quoted and RFC 5987-encoded', () => {
    expect(dispositionFileName('attachment; filename=report.csv', 'x')).toBe('report.csv');
    expect(dispositionFileName('attachment; filename="a \\"b\\".pdf"', 'x')).toBe('a "b".pdf');
    expect(
      dispositionFileName(
        'attachment; filename="Caf_.csv"; filename*=UTF-8\'\'Caf%C3%A9%20CPE.csv',
        'x',
      ),
    ).toBe('Café CPE.csv');
    expect(dispositionFileName(null, 'download')).toBe('download');
  });
});
