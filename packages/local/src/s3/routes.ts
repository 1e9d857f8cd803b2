/**
 * How S3 names a request: by method, by what the path addresses (the
 * service, a bucket, an object) and by the sub-resource in the query or a
 * header that changes the operation. The router reads only this table, so a
 * request for an operation the emulator lacks is refused by its real name.
 */
import type { HttpRequest } from '../http/types';

export type Resource = 'service' | 'bucket' | 'object';

export interface Route {
  operation: string;
  method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE';
  resource: Resource;
  /** A query parameter that must be present (S3's sub-resources), with its value when it matters. */
  query?: string;
  value?: string;
  /** A header that must be present. */
  header?: string;
  /** The request's media type, for the browser-form upload. */
  contentType?: string;
}

const sub = (
  method: Route['method'],
  resource: Resource,
  query: string,
  operation: string,
): Route => ({ method, resource, query, operation });

/** Most specific first: the first route a request matches names its operation. */
export const ROUTES: readonly Route[] = [
  { method: 'GET', resource: 'service', operation: 'ListBuckets' },

  sub('GET', 'bucket', 'accelerate', 'GetBucketAccelerateConfiguration'),
  sub('GET', 'bucket', 'acl', 'GetBucketAcl'),
  sub('GET', 'bucket', 'analytics', 'GetBucketAnalyticsConfiguration'),
  sub('GET', 'bucket', 'cors', 'GetBucketCors'),
  sub('GET', 'bucket', 'encryption', 'GetBucketEncryption'),
  sub('GET', 'bucket', 'intelligent-tiering', 'GetBucketIntelligentTieringConfiguration'),
  sub('GET', 'bucket', 'inventory', 'GetBucketInventoryConfiguration'),
  sub('GET', 'bucket', 'lifecycle', 'GetBucketLifecycleConfiguration'),
  sub('GET', 'bucket', 'location', 'GetBucketLocation'),
  sub('GET', 'bucket', 'logging', 'GetBucketLogging'),
  sub('GET', 'bucket', 'metrics', 'GetBucketMetricsConfiguration'),
  sub('GET', 'bucket', 'notification', 'GetBucketNotificationConfiguration'),
  sub('GET', 'bucket', 'object-lock', 'GetObjectLockConfiguration'),
  sub('GET', 'bucket', 'ownershipControls', 'GetBucketOwnershipControls'),
  sub('GET', 'bucket', 'policy', 'GetBucketPolicy'),
  sub('GET', 'bucket', 'policyStatus', 'GetBucketPolicyStatus'),
  sub('GET', 'bucket', 'publicAccessBlock', 'GetPublicAccessBlock'),
  sub('GET', 'bucket', 'replication', 'GetBucketReplication'),
  sub('GET', 'bucket', 'requestPayment', 'GetBucketRequestPayment'),
  sub('GET', 'bucket', 'tagging', 'GetBucketTagging'),
  sub('GET', 'bucket', 'versioning', 'GetBucketVersioning'),
  sub('GET', 'bucket', 'website', 'GetBucketWebsite'),
  sub('GET', 'bucket', 'versions', 'ListObjectVersions'),
  sub('GET', 'bucket', 'uploads', 'ListMultipartUploads'),
  { method: 'GET', resource: 'bucket', query: 'list-type', value: '2', operation: 'ListObjectsV2' },
  { method: 'GET', resource: 'bucket', operation: 'ListObjects' },

  sub('PUT', 'bucket', 'accelerate', 'PutBucketAccelerateConfiguration'),
  sub('PUT', 'bucket', 'acl', 'PutBucketAcl'),
  sub('PUT', 'bucket', 'analytics', 'PutBucketAnalyticsConfiguration'),
  sub('PUT', 'bucket', 'cors', 'PutBucketCors'),
  sub('PUT', 'bucket', 'encryption', 'PutBucketEncryption'),
  sub('PUT', 'bucket', 'intelligent-tiering', 'PutBucketIntelligentTieringConfiguration'),
  sub('PUT', 'bucket', 'inventory', 'PutBucketInventoryConfiguration'),
  sub('PUT', 'bucket', 'lifecycle', 'PutBucketLifecycleConfiguration'),
  sub('PUT', 'bucket', 'logging', 'PutBucketLogging'),
  sub('PUT', 'bucket', 'metrics', 'PutBucketMetricsConfiguration'),
  sub('PUT', 'bucket', 'notification', 'PutBucketNotificationConfiguration'),
  sub('PUT', 'bucket', 'object-lock', 'PutObjectLockConfiguration'),
  sub('PUT', 'bucket', 'ownershipControls', 'PutBucketOwnershipControls'),
  sub('PUT', 'bucket', 'policy', 'PutBucketPolicy'),
  sub('PUT', 'bucket', 'publicAccessBlock', 'PutPublicAccessBlock'),
  sub('PUT', 'bucket', 'replication', 'PutBucketReplication'),
  sub('PUT', 'bucket', 'requestPayment', 'PutBucketRequestPayment'),
  sub('PUT', 'bucket', 'tagging', 'PutBucketTagging'),
  sub('PUT', 'bucket', 'versioning', 'PutBucketVersioning'),
  sub('PUT', 'bucket', 'website', 'PutBucketWebsite'),
  { method: 'PUT', resource: 'bucket', operation: 'CreateBucket' },

  sub('DELETE', 'bucket', 'analytics', 'DeleteBucketAnalyticsConfiguration'),
  sub('DELETE', 'bucket', 'cors', 'DeleteBucketCors'),
  sub('DELETE', 'bucket', 'encryption', 'DeleteBucketEncryption'),
  sub('DELETE', 'bucket', 'intelligent-tiering', 'DeleteBucketIntelligentTieringConfiguration'),
  sub('DELETE', 'bucket', 'inventory', 'DeleteBucketInventoryConfiguration'),
  sub('DELETE', 'bucket', 'lifecycle', 'DeleteBucketLifecycle'),
  sub('DELETE', 'bucket', 'metrics', 'DeleteBucketMetricsConfiguration'),
  sub('DELETE', 'bucket', 'ownershipControls', 'DeleteBucketOwnershipControls'),
  sub('DELETE', 'bucket', 'policy', 'DeleteBucketPolicy'),
  sub('DELETE', 'bucket', 'publicAccessBlock', 'DeletePublicAccessBlock'),
  sub('DELETE', 'bucket', 'replication', 'DeleteBucketReplication'),
  sub('DELETE', 'bucket', 'tagging', 'DeleteBucketTagging'),
  sub('DELETE', 'bucket', 'website', 'DeleteBucketWebsite'),
  { method: 'DELETE', resource: 'bucket', operation: 'DeleteBucket' },

  { method: 'HEAD', resource: 'bucket', operation: 'HeadBucket' },
  sub('POST', 'bucket', 'delete', 'DeleteObjects'),
  {
    method: 'POST',
    resource: 'bucket',
    contentType: 'multipart/form-data',
    operation: 'PostObject',
  },

  sub('GET', 'object', 'acl', 'GetObjectAcl'),
  sub('GET', 'object', 'attributes', 'GetObjectAttributes'),
  sub('GET', 'object', 'legal-hold', 'GetObjectLegalHold'),
  sub('GET', 'object', 'retention', 'GetObjectRetention'),
  sub('GET', 'object', 'tagging', 'GetObjectTagging'),
  sub('GET', 'object', 'torrent', 'GetObjectTorrent'),
  sub('GET', 'object', 'uploadId', 'ListParts'),
  { method: 'GET', resource: 'object', operation: 'GetObject' },

  { method: 'HEAD', resource: 'object', operation: 'HeadObject' },

  sub('PUT', 'object', 'acl', 'PutObjectAcl'),
  sub('PUT', 'object', 'legal-hold', 'PutObjectLegalHold'),
  sub('PUT', 'object', 'retention', 'PutObjectRetention'),
  sub('PUT', 'object', 'tagging', 'PutObjectTagging'),
  {
    method: 'PUT',
    resource: 'object',
    query: 'partNumber',
    header: 'x-amz-copy-source',
    operation: 'UploadPartCopy',
  },
  sub('PUT', 'object', 'partNumber', 'UploadPart'),
  { method: 'PUT', resource: 'object', header: 'x-amz-copy-source', operation: 'CopyObject' },
  { method: 'PUT', resource: 'object', operation: 'PutObject' },

  sub('DELETE', 'object', 'tagging', 'DeleteObjectTagging'),
  sub('DELETE', 'object', 'uploadId', 'AbortMultipartUpload'),
  { method: 'DELETE', resource: 'object', operation: 'DeleteObject' },

  sub('POST', 'object', 'uploads', 'CreateMultipartUpload'),
  sub('POST', 'object', 'uploadId', 'CompleteMultipartUpload'),
  sub('POST', 'object', 'restore', 'RestoreObject'),
  sub('POST', 'object', 'select', 'SelectObjectContent'),
];

function matches(route: Route, request: HttpRequest, resource: Resource): boolean {
  if (route.method !== request.method || route.resource !== resource) return false;
  if (route.query !== undefined) {
    if (!request.query.has(route.query)) return false;
    if (route.value !== undefined && request.query.get(route.query) !== route.value) return false;
  }
  if (route.header !== undefined && request.headers[route.header] === undefined) return false;
  if (route.contentType !== undefined) {
    const mediaType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (mediaType !== route.contentType) return false;
  }
  return true;
}

/** The operation S3 would run for this request, or undefined when S3 has none (MethodNotAllowed). */
export function routeOf(request: HttpRequest, resource: Resource): Route | undefined {
  return ROUTES.find((route) => matches(route, request, resource));
}
