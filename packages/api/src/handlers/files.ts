/**
 * Proof files (issue 11, docs/decisions/050): the browser uploads straight to
 * the evidence bucket with a presigned POST whose policy fixes the key under
 * the caller's own prefix, the type and the size, and tags the object
 * pending; attaching checks the object (HeadObject), records it and removes
 * the tag, so the bucket's lifecycle rule expires only uploads never attached.
 */
import { filesRoutes } from '@cpe/shared/routes';
import { randomUUID } from 'node:crypto';
import { API_MESSAGES, FILE_RULES } from '@cpe/shared';
import { PENDING_UPLOAD_TAG } from '../aws/storage';
import * as files from '../data/files';
import { NotFoundError, ValidationError } from '../errors';
import { createHandler } from '../http/handler';
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
  return createHandler(filesRoutes, {
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
      const key = files.uploadKey(caller.sub, body.upload_id.toLowerCase());
      const uploaded = await storage.head(key);
      const outcome = await files.attachFile(
        db,
        caller.sub,
        id,
        body.upload_id,
        uploaded,
        FILE_RULES.maxPerActivity,
        at(0),
      );
      switch (outcome.kind) {
        case 'no-activity':
          throw new NotFoundError();
        case 'no-upload':
          throw uploadIdError(API_MESSAGES.uploadMissing);
        case 'mismatch':
          throw uploadIdError(API_MESSAGES.uploadMismatch);
        case 'too-many':
          throw uploadIdError(API_MESSAGES.tooManyFiles);
        case 'attached':
          break;
      }
      // Recorded first, then kept: an object still tagged pending would expire under a file.
      let kept: boolean;
      try {
        kept = await storage.untag(outcome.key);
      } catch (error) {
        await files.unattachFile(db, outcome.file.file_id, at(UPLOAD_ATTACH_SECONDS));
        throw error;
      }
      if (!kept) {
        await files.unattachFile(db, outcome.file.file_id, at(UPLOAD_ATTACH_SECONDS));
        throw uploadIdError(API_MESSAGES.uploadMismatch);
      }
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
      await storage.delete([key]);
      return undefined;
    },
  });
}
