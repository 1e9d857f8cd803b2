/** The inbox (issue 28 item 1): proposed activities waiting to be accepted or dismissed. */
import '../zod-config';
import * as z from 'zod/mini';
import { createActivityBody } from './activities';
import { attachFileBody } from './files';

/** Where a proposal came from. */
export const PROPOSAL_SOURCES = ['email', 'upload', 'import'] as const;
export type ProposalSourceName = (typeof PROPOSAL_SOURCES)[number];

/** What the proposal engine found; null: not found. */
export const proposedFields = z.object({
  activity_name: z.nullable(z.string()),
  provider: z.nullable(z.string()),
  activity_date: z.nullable(z.string()),
  cpe_units: z.nullable(z.number()),
  description: z.nullable(z.string()),
});
export type ProposedFields = z.infer<typeof proposedFields>;

export const proposal = z.object({
  proposal_id: z.string(),
  source: z.enum(PROPOSAL_SOURCES),
  /** As the inbox shows it: "Email from webinars@example.com: Your certificate". */
  source_label: z.string(),
  fields: proposedFields,
  has_proof: z.boolean(),
  /** The proof file that comes with it (its bytes through GET /api/proposals/{id}/proof). */
  proof: z.nullable(
    z.object({ file_name: z.string(), content_type: z.string(), size: z.number() }),
  ),
  /** When it arrived (ISO 8601, UTC). */
  created_at: z.string(),
});
export type Proposal = z.infer<typeof proposal>;

/** POST /api/proposals: a certificate uploaded through POST /api/uploads becomes a proposal. */
export const createProposalBody = attachFileBody;

/**
 * POST /api/proposals/{id}/accept: the activity as the user confirmed it,
 * exactly as POST /api/activities takes it (the primary certification and
 * the others it counts for, with their units and categories).
 */
export const acceptProposalBody = createActivityBody;
export type AcceptProposalBody = z.infer<typeof acceptProposalBody>;
