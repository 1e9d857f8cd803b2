/**
 * SQL for the inbox (issue 28 item 1, migration 013): activities proposed
 * from a forwarded email, a certificate upload or an import, each with the
 * fields the proposal engine found and at most one proof file. Every
 * statement is scoped by the caller's Cognito sub: another user's proposal
 * finds nothing. One Data API call each.
 *
 * Writing one with a proof file, nothing half-written (docs/decisions/095):
 *
 *   1. choose the id: `const id = randomUUID()`;
 *   2. put the bytes at `proposalKey(sub, id)` (a key no upload form writes);
 *   3. `insertProposal(db, sub, { proposal_id: id, ..., proof })`;
 *   4. if step 3 throws or answers undefined (no such user), delete the object.
 *
 * A row therefore never names an object that is not there; an object whose
 * row was never written is removed by step 4, or goes with the account's
 * prefix. `saveProposal` (proposal/inbox.ts) does exactly this.
 */
import * as z from 'zod/mini';
import {
  FILE_RULES,
  LIMITS,
  PROPOSAL_SOURCES,
  type ProofContentType,
  type Proposal,
  type ProposalSourceName,
} from '@cpe/shared';
import { isRealIsoDate } from '@cpe/shared/dates';
import {
  MULTI_LINE_FORBIDDEN,
  toSingleLine,
  withoutDirectionControls,
} from '@cpe/shared/text-rules';
import type { Queryable } from '../db';
import { nullableNum, num } from './rows';

/** Where a proposal's proof file lives in the evidence bucket: a key no upload form can write. */
export function proposalKey(sub: string, proposalId: string): string {
  return `users/${sub}/proposals/${proposalId}`;
}

export { PROPOSAL_SOURCES };
export type ProposalSource = ProposalSourceName;

/** What a proposal engine found; any field may be missing. */
export interface ProposedFields {
  activity_name?: string | null | undefined;
  provider?: string | null | undefined;
  /** YYYY-MM-DD */
  activity_date?: string | null | undefined;
  cpe_units?: number | null | undefined;
  description?: string | null | undefined;
}

/** The proof file's metadata; its bytes are at proposalKey(sub, proposal_id). */
export interface ProposalProof {
  file_name: string;
  content_type: ProofContentType;
  /** Bytes, 1 to FILE_RULES.maxBytes. */
  size: number;
}

export interface ProposalInput {
  /** Chosen by the caller when it stores the proof first (randomUUID()); else the database's. */
  proposal_id?: string | undefined;
  source: ProposalSource;
  /** Where it came from, as the inbox shows it: "Email from webinars@example.com: Your certificate". */
  source_label: string;
  fields: ProposedFields;
  proof?: ProposalProof | null | undefined;
  /** When it arrived (ISO 8601); default the database's now(). Per-day limits count from it. */
  created_at?: string | undefined;
}

export const SOURCE_LABEL_LENGTH = 300;

/** One line, without control or direction-control characters, at most `max` characters (whole code points); '' when nothing is left. */
function oneLine(value: string, max: number): string {
  const line = toSingleLine(withoutDirectionControls(value).replaceAll('\u0000', ' '))
    .replace(/\s+/g, ' ')
    .trim();
  return [...line].slice(0, max).join('').trim();
}

const multiLineForbidden = new RegExp(MULTI_LINE_FORBIDDEN, 'g');

/** Text of several lines (line breaks and tabs kept), at most `max` characters. */
function lines(value: string, max: number): string {
  const text = value
    .replace(/\r\n?/g, '\n')
    .replaceAll('\u0000', ' ')
    .replace(multiLineForbidden, ' ')
    .trim();
  return [...text].slice(0, max).join('').trim();
}

/**
 * What an engine found, cleaned to what the table (and the activity form)
 * accepts: text on one line and cut to its length, a real date, units from
 * 0 to 100,000 with two decimals; anything else becomes missing (null).
 */
export function cleanFields(fields: ProposedFields): {
  activity_name: string | null;
  provider: string | null;
  activity_date: string | null;
  cpe_units: number | null;
  description: string | null;
} {
  const text = (v: string | null | undefined, max: number) =>
    typeof v === 'string' ? oneLine(v, max) || null : null;
  const units = fields.cpe_units;
  return {
    activity_name: text(fields.activity_name, LIMITS.nameLength),
    provider: text(fields.provider, LIMITS.nameLength),
    activity_date:
      typeof fields.activity_date === 'string' && isRealIsoDate(fields.activity_date)
        ? fields.activity_date
        : null,
    cpe_units:
      typeof units === 'number' && Number.isFinite(units) && units >= 0 && units <= LIMITS.maxCpe
        ? Math.round(units * 100) / 100
        : null,
    description:
      typeof fields.description === 'string'
        ? lines(fields.description, LIMITS.descriptionLength) || null
        : null,
  };
}

/** A proof file's name as the table keeps it (one line, at most 200 characters; never empty). */
export function cleanFileName(name: string): string {
  return oneLine(name, FILE_RULES.fileNameLength) || 'certificate';
}

/** Throws unless `proof` could become a proof file (FILE_RULES): its object would otherwise never be one. */
export function checkProof(proof: ProposalProof): void {
  if (!(FILE_RULES.contentTypes as readonly string[]).includes(proof.content_type))
    throw new Error(`a proposal's proof cannot be ${proof.content_type}`);
  if (!Number.isInteger(proof.size) || proof.size < 1 || proof.size > FILE_RULES.maxBytes)
    throw new Error(`a proposal's proof cannot be ${proof.size} bytes`);
}

/**
 * Records a proposal for the user `sub`; answers its id, or undefined when
 * `sub` has no user row. Text is cleaned (cleanFields); a proof of a type or
 * size no proof file may have is refused (Error), since its object could
 * never become one.
 */
export async function insertProposal(
  db: Queryable,
  sub: string,
  input: ProposalInput,
): Promise<string | undefined> {
  const proof = input.proof ?? null;
  if (proof) checkProof(proof);
  if (proof && input.proposal_id === undefined)
    throw new Error('a proposal with a proof names its id (the proof is stored first)');
  const fields = cleanFields(input.fields);
  // The proposal, and its mark in proposals_made (what the per-day limit counts, kept when the
  // proposal is accepted or dismissed), whose rows of more than a day before it go.
  const rows = await db.query(
    `with made as (
       insert into proposals
         (proposal_id, user_id, source, source_label, activity_name, provider, activity_date,
          cpe_units, description, proof_key, proof_name, proof_type, proof_size, created_at)
       select coalesce(cast(:proposal_id as uuid), gen_random_uuid()), u.user_id, cast(:source as text),
              cast(:source_label as text), cast(:activity_name as text), cast(:provider as text),
              cast(:activity_date as date), cast(:cpe_units as numeric), cast(:description as text),
              case when :has_proof then cast(:proof_key as text) end,
              cast(:proof_name as text), cast(:proof_type as text), cast(:proof_size as integer),
              coalesce(cast(:created_at as timestamptz), now())
         from users u
        where u.cognito_sub = :sub
       returning proposal_id, user_id, source, created_at
     ), marked as (
       insert into proposals_made (user_id, source, made_at)
       select user_id, source, created_at from made
     ), pruned as (
       delete from proposals_made m using made
        where m.user_id = made.user_id and m.made_at < made.created_at - interval '1 day'
     )
     select proposal_id from made`,
    {
      sub,
      proposal_id: input.proposal_id ?? null,
      source: input.source,
      source_label: oneLine(input.source_label, SOURCE_LABEL_LENGTH) || input.source,
      ...fields,
      cpe_units: fields.cpe_units === null ? null : String(fields.cpe_units),
      has_proof: proof !== null,
      proof_key: input.proposal_id ? proposalKey(sub, input.proposal_id) : '',
      proof_name: proof ? cleanFileName(proof.file_name) : null,
      proof_type: proof?.content_type ?? null,
      proof_size: proof?.size ?? null,
      created_at: input.created_at ?? null,
    },
    z.object({ proposal_id: z.string() }),
  );
  return rows[0]?.proposal_id;
}

/** Which of `ids` are proposals of the user `sub` (a retried inbound message finds those an earlier attempt stored). */
export async function storedProposalIds(
  db: Queryable,
  sub: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.query(
    `select cast(p.proposal_id as text) as proposal_id
       from proposals p join users u on u.user_id = p.user_id
      where u.cognito_sub = :sub
        and p.proposal_id in (select cast(id as uuid)
                                from jsonb_array_elements_text(cast(:ids as jsonb)) as id)`,
    { sub, ids: JSON.stringify(ids) },
    z.object({ proposal_id: z.string() }),
  );
  return rows.map((r) => r.proposal_id);
}

/**
 * How many proposals the user received at or after `since` (ISO 8601), of
 * `source` when given: those accepted or dismissed since count too.
 */
export async function countProposalsSince(
  db: Queryable,
  sub: string,
  since: string,
  source?: ProposalSource,
): Promise<number> {
  const rows = await db.query(
    `select count(*) as n from proposals_made m join users u on u.user_id = m.user_id
      where u.cognito_sub = :sub and m.made_at >= cast(:since as timestamptz)
        and (cast(:source as text) is null or m.source = cast(:source as text))`,
    { sub, since, source: source ?? null },
    z.object({ n: num }),
  );
  return rows[0]?.n ?? 0;
}

/** A proposal as the inbox answers it. */
export type ProposalRow = Proposal;

const COLUMNS = `p.proposal_id, p.source, p.source_label, p.activity_name, p.provider,
  to_char(p.activity_date, 'YYYY-MM-DD') as activity_date, p.cpe_units, p.description,
  p.proof_key, p.proof_name, p.proof_type, p.proof_size,
  to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at`;

const proposalRow = z.pipe(
  z.looseObject({
    proposal_id: z.string(),
    source: z.enum(PROPOSAL_SOURCES),
    source_label: z.string(),
    activity_name: z.nullable(z.string()),
    provider: z.nullable(z.string()),
    activity_date: z.nullable(z.string()),
    cpe_units: nullableNum,
    description: z.nullable(z.string()),
    proof_key: z.nullable(z.string()),
    proof_name: z.nullable(z.string()),
    proof_type: z.nullable(z.string()),
    proof_size: nullableNum,
    created_at: z.string(),
  }),
  z.transform((r): ProposalRow & { proof_key: string | null } => ({
    proposal_id: r.proposal_id,
    source: r.source,
    source_label: r.source_label,
    fields: {
      activity_name: r.activity_name,
      provider: r.provider,
      activity_date: r.activity_date,
      cpe_units: r.cpe_units,
      description: r.description,
    },
    has_proof: r.proof_key !== null,
    proof:
      r.proof_key !== null && r.proof_name !== null && r.proof_type !== null
        ? { file_name: r.proof_name, content_type: r.proof_type, size: r.proof_size ?? 0 }
        : null,
    created_at: r.created_at,
    proof_key: r.proof_key,
  })),
);

/** The caller's proposals, newest first. */
export async function listProposals(db: Queryable, sub: string): Promise<ProposalRow[]> {
  const rows = await db.query(
    `select ${COLUMNS} from proposals p join users u on u.user_id = p.user_id
      where u.cognito_sub = :sub
      order by p.created_at desc, p.proposal_id`,
    { sub },
    proposalRow,
  );
  return rows.map(({ proof_key: _, ...row }) => row);
}

/** How many proposals wait in the caller's inbox. */
export async function countProposals(db: Queryable, sub: string): Promise<number> {
  const rows = await db.query(
    `select count(*) as n from proposals p join users u on u.user_id = p.user_id
      where u.cognito_sub = :sub`,
    { sub },
    z.object({ n: num }),
  );
  return rows[0]?.n ?? 0;
}

/** The caller's proposal with its proof's key; undefined when it is not the caller's. */
export async function getProposal(
  db: Queryable,
  sub: string,
  proposalId: string,
): Promise<(ProposalRow & { proof_key: string | null }) | undefined> {
  const rows = await db.query(
    `select ${COLUMNS} from proposals p join users u on u.user_id = p.user_id
      where u.cognito_sub = :sub and p.proposal_id = cast(:id as uuid)`,
    { sub, id: proposalId },
    proposalRow,
  );
  return rows[0];
}

/**
 * Deletes the caller's proposal; answers its proof's key (null: it had
 * none), or undefined when it was not the caller's. The caller deletes the
 * object.
 */
export async function deleteProposal(
  db: Queryable,
  sub: string,
  proposalId: string,
): Promise<{ proof_key: string | null } | undefined> {
  const rows = await db.query(
    `delete from proposals p using users u
      where u.user_id = p.user_id and u.cognito_sub = :sub and p.proposal_id = cast(:id as uuid)
     returning p.proof_key`,
    { sub, id: proposalId },
    z.object({ proof_key: z.nullable(z.string()) }),
  );
  return rows[0];
}

/**
 * The last step of accepting, in the transaction that created the activity:
 * deletes the caller's proposal and, when it had a proof, records that proof
 * as a file of `activityId` at `fileKey` (where the handler copied the
 * bytes), with the proposal's name, type and size. Answers false, and
 * changes nothing, when the proposal is not the caller's or no longer there
 * (accepted or dismissed meanwhile), or has a proof and `fileKey` is null:
 * the caller then rolls back what it wrote before.
 */
export async function settleProposal(
  tx: Queryable,
  sub: string,
  proposalId: string,
  activityId: string,
  fileKey: string | null,
): Promise<boolean> {
  const rows = await tx.query(
    `with taken as (
       delete from proposals p using users u
        where u.user_id = p.user_id and u.cognito_sub = :sub and p.proposal_id = cast(:id as uuid)
          and (p.proof_key is null or :has_file)
       returning p.*
     ), filed as (
       insert into files (file_id, activity_id, user_id, object_key, file_name, content_type, size_bytes)
       select t.proposal_id, cast(:activity_id as uuid), t.user_id, cast(:file_key as text),
              t.proof_name, t.proof_type, t.proof_size
         from taken t
        where t.proof_key is not null and :has_file
       returning file_id
     )
     select (select count(*) from taken) as taken,
            (select count(*) from taken where proof_key is not null) as with_proof,
            (select count(*) from filed) as filed`,
    {
      sub,
      id: proposalId,
      activity_id: activityId,
      file_key: fileKey ?? '',
      has_file: fileKey !== null,
    },
    z.object({ taken: num, with_proof: num, filed: num }),
  );
  const row = rows[0];
  return row !== undefined && row.taken === 1 && row.filed === row.with_proof;
}

/**
 * Turns the caller's unexpired upload into a proposal (source `upload`) in
 * one statement: the upload row is used up and the proposal's proof is its
 * file (name, type and size as declared, which the handler checked against
 * the object), at proposalKey(sub, proposalId), where the handler put the
 * checked bytes first. Answers false when there is no such upload (missing,
 * expired, used meanwhile, or declared otherwise than `declared`).
 */
export async function proposalFromUpload(
  db: Queryable,
  sub: string,
  uploadId: string,
  declared: { size: number; content_type: string },
  input: { proposal_id: string; fields: ProposedFields; now: string },
): Promise<boolean> {
  const fields = cleanFields(input.fields);
  const rows = await db.query(
    `with used as (
       delete from uploads p using users u
        where u.user_id = p.user_id and u.cognito_sub = :sub and p.upload_id = cast(:upload_id as uuid)
          and p.expires_at > cast(:now as timestamptz)
          and p.size_bytes = cast(:size as integer) and p.content_type = cast(:content_type as text)
       returning p.*
     )
     insert into proposals
       (proposal_id, user_id, source, source_label, activity_name, provider, activity_date,
        cpe_units, description, proof_key, proof_name, proof_type, proof_size, created_at)
     select cast(:proposal_id as uuid), used.user_id, 'upload', 'Upload: ' || used.file_name,
            cast(:activity_name as text), cast(:provider as text), cast(:activity_date as date),
            cast(:cpe_units as numeric), cast(:description as text), cast(:proof_key as text),
            used.file_name, used.content_type, used.size_bytes, cast(:now as timestamptz)
       from used
     returning proposal_id`,
    {
      sub,
      upload_id: uploadId,
      now: input.now,
      size: declared.size,
      content_type: declared.content_type,
      proposal_id: input.proposal_id,
      ...fields,
      cpe_units: fields.cpe_units === null ? null : String(fields.cpe_units),
      proof_key: proposalKey(sub, input.proposal_id),
    },
    z.object({ proposal_id: z.string() }),
  );
  return rows.length === 1;
}
