/**
 * The inbox: activities proposed from forwarded emails, uploaded certificates
 * and imports, each accepted (the activity and its proof in one step) or
 * dismissed.
 */
import type { Activity, Proposal } from '@cpe/shared/schemas';
import type { BodyOf, Requester } from './client';

export type { Proposal as InboxProposal } from '@cpe/shared/schemas';

export function proposalsApi(request: Requester) {
  return {
    /** The caller's proposals, newest first. */
    listProposals: (): Promise<Proposal[]> => request('listProposals'),
    /** An uploaded certificate (POST /api/uploads) put in the inbox, with the fields read from it. */
    createProposal: (uploadId: string): Promise<Proposal> =>
      request('createProposal', { body: { upload_id: uploadId } }),
    /** Creates the activity as confirmed, with the proposal's proof, and removes the proposal. */
    acceptProposal: (id: string, body: BodyOf<'acceptProposal'>): Promise<Activity> =>
      request('acceptProposal', { params: { id }, body }),
    dismissProposal: (id: string): Promise<void> => request('dismissProposal', { params: { id } }),
    /** A short-lived link that downloads the proposal's proof under its name. */
    proposalProofLink: async (id: string): Promise<string> =>
      (await request('getProposalProof', { params: { id } })).url,
  };
}
