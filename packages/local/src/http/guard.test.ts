import { foreignPageRefusal, jsonBodyRefusal } from './guard';
import type { HttpRequest } from './types';

function request(headers: Record<string, string>, body = ''): HttpRequest {
  return {
    method: 'POST',
    rawPath: '/_dev/schedules/reminder-digest',
    path: '/_dev/schedules/reminder-digest',
    query: new URLSearchParams(),
    headers: { host: 'localhost:3000', ...headers },
    body: Buffer.from(body),
    sourceIp: '127.0.0.1',
  };
}

describe("endpoints for the runtime's own pages", () => {
  it.each([
    [{ 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
    // Another port of localhost is the same site, but another origin.
    [{ 'sec-fetch-site': 'same-site', origin: 'http://localhost:5000' }],
    [{ origin: 'http://localhost:5000' }],
    [{ origin: 'null' }],
    [{ 'sec-fetch-site': 'cross-site' }],
    [{ 'sec-fetch-site': 'same-origin', origin: 'http://127.0.0.1:3000' }],
  ])('refuse a request another page sends: %j', (headers) => {
    expect(foreignPageRefusal(request(headers))?.status).toBe(403);
  });

  it.each([
    [{ 'sec-fetch-site': 'same-origin', origin: 'http://localhost:3000' }],
    [{ 'sec-fetch-site': 'none' }],
    [{ origin: 'http://LOCALHOST:3000' }],
    // curl, the SDK, a test: no browser, no page.
    [{}],
  ])('serve their own pages, a typed address and tools: %j', (headers) => {
    expect(foreignPageRefusal(request(headers))).toBeUndefined();
  });

  it.each([
    ['text/plain;charset=UTF-8', '{"now":"2031-01-01T00:00:00Z"}'],
    ['application/x-www-form-urlencoded', 'now=2031-01-01'],
    ['multipart/form-data; boundary=x', '--x--'],
    ['text/plain', ''],
    ['', '{}'],
  ])('refuse a body sent as %j (415)', (type, body) => {
    const refused = jsonBodyRefusal(request(type ? { 'content-type': type } : {}, body));
    expect(refused?.status).toBe(415);
  });

  it('take JSON, or nothing at all', () => {
    expect(jsonBodyRefusal(request({ 'content-type': 'application/json' }, '{}'))).toBeUndefined();
    expect(
      jsonBodyRefusal(request({ 'content-type': 'application/json; charset=utf-8' }, '{}')),
    ).toBeUndefined();
    expect(jsonBodyRefusal(request({}))).toBeUndefined();
  });
});
