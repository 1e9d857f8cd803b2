/**
 * POST /api/imports/preview and POST /api/imports (docs/decisions/115),
 * served by the activities function. The file is read and checked by the
 * lazy imports module (loaded on the first import, with its parsers); this
 * side looks up what is already stored and writes the new rows in one
 * transaction, a statement per 500 rows.
 */
import { API_MESSAGES } from '@cpe/shared';
import type { ImportBody, ImportPreview, ImportResult, ImportRow } from '@cpe/shared/schemas';
import type { Db } from '../db';
import * as imports from '../data/imports';
import { ValidationError } from '../errors';
import type { PreparedImport, PreparedRow } from '../imports/prepare';

async function prepared(db: Db, sub: string, body: ImportBody): Promise<PreparedImport> {
  const own = await imports.ownCertifications(db, sub);
  const { prepareImport } = await import('../imports/prepare');
  const preparation = await prepareImport(body, own, new Date());
  if ('refusal' in preparation) {
    throw new ValidationError(preparation.refusal.message, preparation.refusal.fields);
  }
  return preparation.prepared;
}

/** A description as the preview carries it: at most PREVIEW_DESCRIPTION characters. */
export const PREVIEW_DESCRIPTION = 200;
const clip = (text: string) =>
  text.length > PREVIEW_DESCRIPTION ? `${text.slice(0, PREVIEW_DESCRIPTION - 1)}…` : text;

const spaced = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();

/** The rows worth looking up: valid, and not a repeat of an earlier row of the file. */
function candidates(rows: readonly PreparedRow[]): imports.ImportWrite[] {
  return rows.flatMap((r) => {
    const v = r.values;
    if (
      r.key === null ||
      r.same_as_row !== null ||
      v.certification_id === null ||
      v.activity_name === null ||
      v.activity_date === null ||
      v.cpe_units === null
    ) {
      return [];
    }
    return [
      {
        ord: r.row,
        certification_id: v.certification_id,
        activity_name: v.activity_name,
        name_key: spaced(v.activity_name),
        provider_key: spaced(v.provider ?? ''),
        description: v.description,
        cpe_units: v.cpe_units,
        activity_date: v.activity_date,
        provider: v.provider,
        category: v.category,
        import_key: r.key,
        submitted_on: r.submitted_on,
        late: r.late ?? false,
        extra: r.extra_credits,
      },
    ];
  });
}

function statusOf(r: PreparedRow, stored: ReadonlySet<number>): ImportRow['status'] {
  if (r.errors.length > 0) return 'invalid';
  if (r.same_as_row !== null || stored.has(r.row)) return 'duplicate';
  return 'new';
}

export async function previewImport(db: Db, sub: string, body: ImportBody): Promise<ImportPreview> {
  const prep = await prepared(db, sub, body);
  const stored = await imports.storedDuplicates(db, sub, candidates(prep.rows));
  const rows: ImportRow[] = prep.rows.map((r) => ({
    row: r.row,
    // The preview shows no description whole: a 4 MB file's answer stays within Lambda's 6 MB.
    values: { ...r.values, description: clip(r.values.description) },
    errors: r.errors,
    status: statusOf(r, stored),
    same_as_row: r.same_as_row,
  }));
  const count = (status: ImportRow['status']) => rows.filter((r) => r.status === status).length;
  return {
    format: prep.format,
    headers: prep.headers,
    guessed: prep.guessed,
    mapping: prep.mapping,
    certification_id: prep.certification_id,
    new_certifications: prep.new_certifications.map((c) => c.certification_name),
    rows,
    counts: {
      rows: rows.length,
      new: count('new'),
      duplicate: count('duplicate'),
      invalid: count('invalid'),
    },
  };
}

/**
 * Imports the valid rows that are not stored yet, in one transaction; rows
 * with errors are refused (nothing of theirs is stored) and named.
 */
export async function runImport(db: Db, sub: string, body: ImportBody): Promise<ImportResult> {
  const prep = await prepared(db, sub, body);
  const wanted = candidates(prep.rows);
  const refused = prep.rows
    .filter((r) => r.errors.length > 0)
    .map((r) => ({ row: r.row, errors: r.errors }));
  const valid = prep.rows.length - refused.length;
  const outcome = await db.transaction(async (tx) => {
    const stored = await imports.storedDuplicates(tx, sub, wanted);
    const fresh = wanted.filter((w) => !stored.has(w.ord));
    const used = new Set(
      fresh.flatMap((w) => [w.certification_id, ...w.extra.map((x) => x.certification_id)]),
    );
    // An export's certifications come back even without activities; the report's only with its rows.
    const certifications =
      prep.format === 'account-json'
        ? prep.new_certifications
        : prep.new_certifications.filter((c) => used.has(c.certification_id));
    const certificationsCreated = await imports.createCertifications(tx, sub, certifications);
    const { created, orphaned } = await imports.writeActivities(tx, sub, fresh);
    // A certification deleted since the file was read: refused as if it had never been
    // the caller's, and the transaction's rollback stores nothing of the file.
    if (orphaned > 0) {
      throw new ValidationError(
        `Invalid request: certification_id ${API_MESSAGES.creditNotYours}`,
        {
          certification_id: API_MESSAGES.creditNotYours,
        },
      );
    }
    return { created, certificationsCreated };
  });
  return {
    format: prep.format,
    created: outcome.created,
    duplicates: valid - outcome.created,
    refused,
    certifications_created: outcome.certificationsCreated,
  };
}
