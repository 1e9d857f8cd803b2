/**
 * Proof files: uploaded straight from the browser to the evidence bucket with
 * the presigned POST the API signs, then attached to an activity; listed,
 * handed out by short-lived link, deleted.
 */
import type { ProofFile } from '@cpe/shared/schemas';
import type { Requester, ResponseOf } from './client';
import { ApiError } from './errors';

export type Upload = ResponseOf<'createUpload'>;

/** What a certificate's text proposes; every field may be missing (an unreadable file proposes nothing). */
export type Proposal = ResponseOf<'proposeActivity'>['proposal'];

/**
 * Sends the file to the presigned POST: the policy's fields first, then the
 * file (S3 reads fields after `file` as part of it). S3 answers 204 with no
 * body; anything else is its XML error, which says nothing a user can act on.
 */
export async function postUpload(
  upload: Pick<Upload, 'url' | 'fields'>,
  file: Blob,
  doFetch: typeof fetch = (input, init) => fetch(input, init),
): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', file);
  let response: Response;
  try {
    response = await doFetch(upload.url, { method: 'POST', body: form });
  } catch (cause) {
    throw new ApiError(
      0,
      'The file could not be uploaded. Please check your connection.',
      {},
      {
        cause,
      },
    );
  }
  if (!response.ok) {
    const detail = await response.text().catch(() => '');
    throw new ApiError(
      response.status,
      'The file could not be uploaded. Please try again.',
      {},
      {
        cause: new Error(detail),
      },
    );
  }
}

export function evidenceApi(request: Requester, doFetch?: typeof fetch) {
  return {
    /** Asks for a presigned POST for `file` and sends it there; answers the upload to attach. */
    async uploadFile(file: File): Promise<Upload> {
      // With the shared schemas' file rules: loaded with the first upload, not at start.
      const { proofProblem, proofType } = await import('../lib/proof');
      const type = proofType(file);
      const problem = proofProblem(file);
      if (type === null || problem !== null) throw new ApiError(400, problem ?? 'Not a proof file');
      const upload = await request('createUpload', {
        body: { file_name: file.name, content_type: type, size: file.size },
      });
      await postUpload(upload, file, doFetch);
      return upload;
    },
    /** Reads an uploaded certificate into a proposed activity; nothing is saved. */
    proposeActivity: async (uploadId: string): Promise<Proposal> =>
      (await request('proposeActivity', { params: { id: uploadId } })).proposal,
    attachFile: (activityId: string, uploadId: string): Promise<ProofFile> =>
      request('attachFile', { params: { id: activityId }, body: { upload_id: uploadId } }),
    listFiles: (activityId: string): Promise<ProofFile[]> =>
      request('listFiles', { params: { id: activityId } }),
    /** A short-lived link that downloads the file under its name. */
    fileLink: async (fileId: string): Promise<string> =>
      (await request('downloadFile', { params: { id: fileId } })).url,
    deleteFile: (fileId: string): Promise<void> =>
      request('deleteFile', { params: { id: fileId } }),
  };
}
