/**
 * Proof files (issue 11, docs/decisions/050 and 095): the browser uploads
 * straight to the evidence bucket with a presigned POST whose policy fixes
 * the key under the caller's own prefix (one key per form), the type and the
 * size, and tags the object pending. Attaching reads the object, checks its
 * bytes against the declared type, writes exactly those bytes, untagged, to
 * users/{sub}/files/{id} (a key no form can write), records the file there
 * and removes the upload: a form used again writes only a pending object
 * nothing reads, which the bucket's lifecycle rule expires.
 */
import { filesRoutes } from '@cpe/shared/routes';
import { randomUUID } from 'node:crypto';
import { API_MESSAGES, FILE_RULES, type ProofContentType } from '@cpe/shared';
import { PENDING_UPLOAD_TAG } from '../aws/storage';
import * as files from '../data/files';
import { TYPE_NAMES, contentMatches } from '../files/contents';
import { logger } from '../log';
import { NotFoundError, ValidationError } from '../errors';
import { accountGuard } from '../data/users';
import { createHandlerWith } from '../http/handler';
import type { HandlerDeps } from './deps';

/** How long a presigned POST may be used. */
export const UPLOAD_POST_SECONDS = 10 * 60;
/** How long an upload may wait to be attached (the lifecycle rule removes it after a day). */
export const UPLOAD_ATTACH_SECONDS = 12 * 60 * 60;
/** How long a download link works. */
export const DOWNLOAD_SECONDS = 5 * 60;

const uploadIdError = (message: string) =>
  new ValidationError(`Invalid request: upload_id ${message}`, { upload_id: message });

export function createFilesHandler(deps: Pick<HandlerDeps, 'db' | 'storage' | 'clock'>) {
  const { db, storage, clock } = deps;
  const at = (seconds: number) => new Date(clock.now().getTime() + seconds * 1000).toISOString();
  return createHandlerWith(accountGuard(db))(filesRoutes, {
    async createUpload({ body, caller }) {
      const uploadId = randomUUID();
      const key = files.uploadKey(caller.sub, uploadId);
      const recorded = await files.createUpload(
        db,
        caller.sub,
        { upload_id: uploadId, ...body, expires_at: at(UPLOAD_ATTACH_SECONDS) },
        at(0),
      );
      if (!recorded) throw new NotFoundError();
      const post = await storage.presignedPost({
        key,
        contentType: body.content_type,
        // The policy holds the browser to the size it declared.
        minBytes: body.size,
        maxBytes: body.size,
        expiresSeconds: UPLOAD_POST_SECONDS,
        tags: { [PENDING_UPLOAD_TAG.key]: PENDING_UPLOAD_TAG.value },
      });
      return { upload_id: uploadId, ...post, expires_at: at(UPLOAD_POST_SECONDS) };
    },

    async attachFile({ id, body, caller }) {
      const uploadId = body.upload_id.toLowerCase();
      const pendingKey = files.uploadKey(caller.sub, uploadId);
      const finalKey = files.fileKey(caller.sub, uploadId, randomUUID());
      // The size and type are the form's (its policy fixes both); the bytes are checked as read.
      const head = await storage.head(pendingKey);
      const bytes = head && (await storage.get(pendingKey));
      const uploaded = head &&
        bytes && {
          size: bytes.byteLength,
          contentType: head.contentType,
          contentOk: contentMatches(head.contentType, bytes),
          key: finalKey,
        };
      // The checked bytes go where no form writes, before the row names them.
      if (uploaded?.contentOk && bytes) await storage.put(finalKey, bytes, uploaded.contentType);
      let outcome: files.AttachOutcome;
      try {
        outcome = await files.attachFile(
          db,
          caller.sub,
          id,
          body.upload_id,
          uploaded,
          FILE_RULES.maxPerActivity,
          at(0),
        );
      } catch (error) {
        if (uploaded?.contentOk) await storage.delete([finalKey]);
        throw error;
      }
      if (outcome.kind !== 'attached' && uploaded?.contentOk) await storage.delete([finalKey]);
      switch (outcome.kind) {
        case 'no-activity':
          throw new NotFoundError();
        case 'no-upload':
          throw uploadIdError(API_MESSAGES.uploadMissing);
        case 'mismatch':
          throw uploadIdError(API_MESSAGES.uploadMismatch);
        case 'bad-content': {
          const typeName =
            TYPE_NAMES[outcome.contentType as ProofContentType] ?? outcome.contentType;
          throw uploadIdError(API_MESSAGES.uploadNotItsType(outcome.fileName, typeName));
        }
        case 'too-many':
          throw uploadIdError(API_MESSAGES.tooManyFiles);
        case 'attached':
          break;
      }
      // The pending object is no one's now; the lifecycle rule removes it if this fails.
      await storage.delete([pendingKey]).catch((error: unknown) => {
        logger.warn('an attached upload was not removed', {
          error: error instanceof Error ? error.name : String(error),
        });
      });
      return outcome.file;
    },

    async listFiles({ id, caller }) {
      const found = await files.listFiles(db, caller.sub, id);
      if (!found) throw new NotFoundError();
      return found;
    },

    async downloadFile({ id, caller }) {
      const file = await files.getFile(db, caller.sub, id);
      if (!file) throw new NotFoundError();
      const url = await storage.presignedGet(file.key, {
        expiresSeconds: DOWNLOAD_SECONDS,
        filename: file.fileName,
      });
      return { url };
    },

    async deleteFile({ id, caller }) {
      const key = await files.deleteFile(db, caller.sub, id);
      if (key === undefined) throw new NotFoundError();
      // The row is gone, so the file is: an object a failed delete leaves
      // behind is no one's any more and goes with the account's prefix.
      await storage.delete([key]).catch((error: unknown) => {
        logger.error('a deleted file was not removed from storage', {
          key,
          error: error instanceof Error ? error.name : String(error),
        });
      });
      return undefined;
    },
  });
}
