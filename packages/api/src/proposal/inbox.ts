/**
 * Puts a proposal in a user's inbox with its proof file, nothing
 * half-written: the bytes go to proposalKey first, then the row names them;
 * when the row cannot be written the object is removed again. Every source
 * (a forwarded email, a certificate upload, an import) writes through here.
 */
import { randomUUID } from 'node:crypto';
import type { Storage } from '../aws/storage';
import type { Queryable } from '../db';
import * as proposals from '../data/proposals';
import { logger } from '../log';

/** A proof file: its name, its type (one a proof may have) and its bytes (1 byte to 10 MB). */
export interface ProposalFile extends Omit<proposals.ProposalProof, 'size'> {
  bytes: Uint8Array;
}

/**
 * Stores the proof (when given) and records the proposal; answers its id, or
 * undefined when `sub` has no user row (then nothing is left stored).
 */
export async function saveProposal(
  deps: { db: Queryable; storage: Pick<Storage, 'put' | 'delete'> },
  sub: string,
  input: Omit<proposals.ProposalInput, 'proposal_id' | 'proof'>,
  file?: ProposalFile,
): Promise<string | undefined> {
  const id = randomUUID();
  const key = proposals.proposalKey(sub, id);
  if (file) proposals.checkProof({ ...file, size: file.bytes.byteLength });
  if (file) await deps.storage.put(key, file.bytes, file.content_type);
  const forget = async () => {
    if (!file) return;
    await deps.storage.delete([key]).catch((error: unknown) => {
      logger.warn('the proof of a proposal that was not recorded was not removed', {
        error: error instanceof Error ? error.name : String(error),
      });
    });
  };
  let saved: string | undefined;
  try {
    saved = await proposals.insertProposal(deps.db, sub, {
      ...input,
      proposal_id: id,
      proof: file && {
        file_name: file.file_name,
        content_type: file.content_type,
        size: file.bytes.byteLength,
      },
    });
  } catch (error) {
    await forget();
    throw error;
  }
  if (saved === undefined) await forget();
  return saved;
}
