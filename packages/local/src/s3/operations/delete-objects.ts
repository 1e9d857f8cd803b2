import { messages, s3Error } from '../errors';
import { hasIntegrityHeader, readPayload } from '../payload';
import { xmlResponse } from '../response';
import { principalOf, type S3Request, type Services } from '../services';
import { element, parseXml, xmlDocument } from '../xml';

/** S3 deletes at most this many keys per request. */
const MAX_KEYS = 1000;

interface Target {
  key: string;
  versionId: string | undefined;
}

const malformed = () => s3Error('MalformedXML', messages.malformedXml());

const asArray = (value: unknown): unknown[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** `<Delete><Object><Key>..</Key><VersionId>..</VersionId></Object>..<Quiet>..</Quiet></Delete>` */
function parseDelete(body: Buffer): { targets: Target[]; quiet: boolean } {
  const document = parseXml(body);
  if (typeof document !== 'object' || document === null || !('Delete' in document))
    throw malformed();
  const root = document.Delete;
  if (typeof root !== 'object' || root === null) throw malformed();
  const targets = asArray((root as { Object?: unknown }).Object).map((entry): Target => {
    if (typeof entry !== 'object' || entry === null) throw malformed();
    const { Key: key, VersionId: versionId } = entry as { Key?: unknown; VersionId?: unknown };
    if (typeof key !== 'string' || key === '') throw malformed();
    if (versionId !== undefined && typeof versionId !== 'string') throw malformed();
    return { key, versionId };
  });
  if (targets.length === 0 || targets.length > MAX_KEYS) throw malformed();
  const quiet = (root as { Quiet?: unknown }).Quiet;
  if (quiet !== undefined && quiet !== 'true' && quiet !== 'false') throw malformed();
  return { targets, quiet: quiet === 'true' };
}

export async function deleteObjects(services: Pick<Services, 'store'>, request: S3Request) {
  // S3 requires an integrity check on this request: a corrupted key list would delete the wrong objects.
  if (!hasIntegrityHeader(request.http))
    throw s3Error('InvalidRequest', messages.missingDeleteChecksum());
  const payload = await readPayload(request.http, principalOf(request).payloadHash);
  const { targets, quiet } = parseDelete(payload.bytes);

  const deleted = targets.map((target) => {
    services.store.delete(request.bucket, target.key);
    return target;
  });
  const entries = quiet
    ? ''
    : deleted
        .map(
          (target) =>
            `<Deleted>${element('Key', target.key)}${element('VersionId', target.versionId)}</Deleted>`,
        )
        .join('');
  return xmlResponse(200, xmlDocument('DeleteResult', entries));
}
