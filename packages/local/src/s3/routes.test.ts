import type { HttpRequest } from '../http/types';
import { routeOf, ROUTES, type Resource } from './routes';

function request(method: string, query = '', headers: Record<string, string> = {}): HttpRequest {
  return {
    method,
    rawPath: '/b/k',
    path: '/b/k',
    query: new URLSearchParams(query),
    headers,
    body: Buffer.alloc(0),
    sourceIp: '127.0.0.1',
  };
}

const nameOf = (method: string, resource: Resource, query = '', headers = {}) =>
  routeOf(request(method, query, headers), resource)?.operation;

describe('S3 routes', () => {
  it('names a request by method, resource and sub-resource, the most specific first', () => {
    expect(nameOf('GET', 'object')).toBe('GetObject');
    expect(nameOf('GET', 'object', 'tagging')).toBe('GetObjectTagging');
    expect(nameOf('GET', 'bucket', 'list-type=2&prefix=users%2F')).toBe('ListObjectsV2');
    expect(nameOf('GET', 'bucket', 'prefix=users%2F')).toBe('ListObjects');
    expect(nameOf('POST', 'bucket', 'delete')).toBe('DeleteObjects');
    expect(nameOf('PUT', 'object', '', { 'x-amz-copy-source': 'b/k' })).toBe('CopyObject');
    expect(nameOf('PUT', 'object', 'partNumber=1&uploadId=u', { 'x-amz-copy-source': 'b/k' })).toBe(
      'UploadPartCopy',
    );
    expect(nameOf('GET', 'service')).toBe('ListBuckets');
  });

  it('a browser form POST to a bucket is PostObject, whatever the boundary', () => {
    expect(
      nameOf('POST', 'bucket', '', { 'content-type': 'multipart/form-data; boundary=----x' }),
    ).toBe('PostObject');
    expect(nameOf('POST', 'bucket', '', { 'content-type': 'text/plain' })).toBeUndefined();
  });

  it('has no route for a method S3 has no operation for (MethodNotAllowed)', () => {
    expect(nameOf('PATCH', 'object')).toBeUndefined();
    expect(nameOf('POST', 'object')).toBeUndefined();
  });

  it('names every operation once per shape', () => {
    const shapes = ROUTES.map(
      (r) =>
        `${r.method} ${r.resource} ${r.query ?? ''}=${r.value ?? ''} ${r.header ?? ''} ${r.contentType ?? ''}`,
    );

    expect(new Set(shapes).size).toBe(shapes.length);
  });
});
