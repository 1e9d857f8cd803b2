/**
 * A certificate uploaded on the inbox page becomes a proposal (POST
 * /api/proposals, in the reports function with the proposal engine): the
 * object is read and its bytes checked against the declared type as an
 * attach does (docs/decisions/095), its text proposed as for Add from a
 * Certificate, the checked bytes written to proposalKey (a key no form
 * writes), and then, in one statement, the upload used up and the proposal
 * recorded. When that statement finds no upload the copy is removed again.
 */
import { randomUUID } from 'node:crypto';
import {
  API_MESSAGES,
  type ActivityProposal,
  type ProofContentType,
  type Proposal,
} from '@cpe/shared';
import { todayIn } from '@cpe/shared/dates';
import type { Clock } from '@cpe/shared/clock';
import type { Storage } from '../aws/storage';
import type { Queryable } from '../db';
import * as proposals from '../data/proposals';
import * as reports from '../data/reports';
import { NotFoundError, ValidationError } from '../errors';
import { TYPE_NAMES, contentMatches } from '../files/contents';
import { logger } from '../log';
import type { Proposer } from './proposer';

const uploadIdError = (message: string) =>
  new ValidationError(`Invalid request: upload_id ${message}`, { upload_id: message });

const warnNotRemoved = (what: string) => (error: unknown) => {
  logger.warn(what, { error: error instanceof Error ? error.name : String(error) });
};

/** What a PDF's text proposes; an image, or a PDF without text, proposes nothing. */
async function fieldsOf(
  bytes: Uint8Array,
  contentType: string,
  proposer: Proposer,
  today: string,
  requestId: string,
): Promise<ActivityProposal> {
  if (contentType !== 'application/pdf') return {};
  const { pdfText } = await import('./pdf-text');
  const text = await pdfText(bytes);
  return text.trim() === '' ? {} : proposer.propose(text, today, requestId);
}

export async function proposalFromUpload(
  deps: { db: Queryable; storage: Storage; clock: Clock; proposer: Proposer },
  sub: string,
  uploadIdRaw: string,
  requestId: string,
): Promise<Proposal> {
  const { db, storage, clock, proposer } = deps;
  const uploadId = uploadIdRaw.toLowerCase();
  const upload = await reports.uploadOf(db, sub, uploadId);
  if (!upload) throw uploadIdError(API_MESSAGES.uploadMissing);
  const head = await storage.head(upload.object_key);
  const bytes = head && (await storage.get(upload.object_key));
  if (
    !head ||
    !bytes ||
    bytes.byteLength !== upload.size_bytes ||
    head.contentType !== upload.content_type
  ) {
    throw uploadIdError(API_MESSAGES.uploadMismatch);
  }
  if (!contentMatches(head.contentType, bytes)) {
    const typeName = TYPE_NAMES[upload.content_type as ProofContentType] ?? upload.content_type;
    throw uploadIdError(API_MESSAGES.uploadNotItsType(upload.file_name, typeName));
  }
  const now = clock.now();
  // A date after the holder's today (in the time zone of their settings) is not proposed.
  const today = todayIn(upload.time_zone, now);
  const fields = await fieldsOf(bytes, upload.content_type, proposer, today, requestId);

  const proposalId = randomUUID();
  const key = proposals.proposalKey(sub, proposalId);
  // The checked bytes go where no form writes, before the row names them.
  await storage.put(key, bytes, upload.content_type);
  let recorded: boolean;
  try {
    recorded = await proposals.proposalFromUpload(
      db,
      sub,
      uploadId,
      { size: upload.size_bytes, content_type: upload.content_type },
      { proposal_id: proposalId, fields, now: now.toISOString() },
    );
  } catch (error) {
    await storage
      .delete([key])
      .catch(warnNotRemoved('an unrecorded proposal proof was not removed'));
    throw error;
  }
  if (!recorded) {
    await storage
      .delete([key])
      .catch(warnNotRemoved('an unrecorded proposal proof was not removed'));
    throw uploadIdError(API_MESSAGES.uploadMissing);
  }
  // The pending object is no one's now; the lifecycle rule removes it if this fails.
  await storage
    .delete([upload.object_key])
    .catch(warnNotRemoved('an upload made a proposal was not removed'));
  const made = await proposals.getProposal(db, sub, proposalId);
  // Dismissed in the instant since: as gone as any other.
  if (!made) throw new NotFoundError();
  const { proof_key: _, ...answer } = made;
  return answer;
}
