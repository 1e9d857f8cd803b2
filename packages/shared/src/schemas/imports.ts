/**
 * Importing activities from a spreadsheet (POST /api/imports/preview and
 * POST /api/imports): a CSV or XLSX file, or the app's own audit report CSV
 * or account export JSON, read whole in one request.
 */
import '../zod-config';
import * as z from 'zod/mini';
import { singleLineText } from './build';

export const IMPORT_RULES = {
  /** A file of at most 4 MB: its base64 and the answer stay within Lambda's 6 MB payloads. */
  maxBytes: 4 * 1024 * 1024,
  /** Base64 of maxBytes, rounded up to whole 4-character groups. */
  maxBase64Length: Math.ceil((4 * 1024 * 1024) / 3) * 4,
  /** Rows of activities one file may hold. */
  maxRows: 5000,
  /** Activities one statement writes; one import is one transaction of such statements. */
  rowsPerStatement: 500,
  fileNameLength: 255,
  /** Columns a mapping may name (0-based). */
  maxColumns: 200,
} as const;

/** What a column of the file may be read as; date, title and units are required. */
export const IMPORT_FIELDS = [
  'date',
  'title',
  'provider',
  'units',
  'category',
  'certification',
  'description',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

const column = z.nullable(
  z
    .number({ error: 'must be a column number or null' })
    .check(
      z.refine(Number.isInteger, 'must be a column number or null'),
      z.gte(0, 'must be a column number or null'),
      z.lt(IMPORT_RULES.maxColumns, 'must be a column number or null'),
    ),
);

/** Which column (0-based) each field is read from; null: none. */
export const importMapping = z.object({
  date: column,
  title: column,
  provider: column,
  units: column,
  category: column,
  certification: column,
  description: column,
});
export type ImportMapping = z.infer<typeof importMapping>;

export const importBody = z.object({
  /** The file's name as the browser gave it: `.xlsx` is read as a workbook. */
  file_name: singleLineText(IMPORT_RULES.fileNameLength, 'file_name'),
  content_base64: z
    .string({ error: 'must be the file, base64-encoded' })
    .check(
      z.minLength(1, 'is an empty file'),
      z.maxLength(
        IMPORT_RULES.maxBase64Length,
        `must be a file of at most ${IMPORT_RULES.maxBytes} bytes (4 MB)`,
      ),
    ),
  /** Replaces the guessed mapping field by field; absent: the guess. Ignored for the account export. */
  mapping: z.optional(z.partial(importMapping)),
  /** The certification of rows that name none (no certification column, or an empty cell). */
  certification_id: z.optional(z.nullable(z.string())),
});
export type ImportBody = z.infer<typeof importBody>;
export type ImportBodyInput = z.input<typeof importBody>;

export const IMPORT_FORMATS = ['csv', 'xlsx', 'report-csv', 'account-json'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** One row as it would be stored; null where the file gives nothing (or nothing valid). */
export const importValues = z.object({
  activity_date: z.nullable(z.string()),
  activity_name: z.nullable(z.string()),
  provider: z.nullable(z.string()),
  cpe_units: z.nullable(z.number()),
  category: z.nullable(z.string()),
  /** The category's label in the certification's rules ("Group A (domain-related)"); else as stored. */
  category_label: z.nullable(z.string()),
  certification_id: z.nullable(z.string()),
  certification_name: z.nullable(z.string()),
  description: z.string(),
});
export type ImportValues = z.infer<typeof importValues>;

export const importRowError = z.object({
  /** The field (IMPORT_FIELDS) or `row` for the row as a whole. */
  field: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowError>;

export const importRow = z.object({
  /** Where the row is in the file: its line (CSV), its row (XLSX), its place in the list (JSON). */
  row: z.number(),
  values: importValues,
  errors: z.array(importRowError),
  /** new: would be imported; duplicate: already stored, or an earlier row of the file; invalid: has errors. */
  status: z.enum(['new', 'duplicate', 'invalid']),
  /** For a duplicate of an earlier row of the same file, that row. */
  same_as_row: z.nullable(z.number()),
});
export type ImportRow = z.infer<typeof importRow>;

export const importCounts = z.object({
  rows: z.number(),
  new: z.number(),
  duplicate: z.number(),
  invalid: z.number(),
});

export const importPreview = z.object({
  format: z.enum(IMPORT_FORMATS),
  /** The header row's cells (empty for the account export). */
  headers: z.array(z.string()),
  /** The mapping guessed from the headers, and the one used (the guess with the body's changes). */
  guessed: importMapping,
  mapping: importMapping,
  /** The certification used for rows naming none; null when there is none. */
  certification_id: z.nullable(z.string()),
  /** Certifications of an account export that this account lacks: the import creates them. */
  new_certifications: z.array(z.string()),
  rows: z.array(importRow),
  counts: importCounts,
});
export type ImportPreview = z.infer<typeof importPreview>;

export const importResult = z.object({
  format: z.enum(IMPORT_FORMATS),
  /** Activities created. */
  created: z.number(),
  /** Rows already stored (or repeated in the file): nothing created for them. */
  duplicates: z.number(),
  /** Rows refused, each with why. */
  refused: z.array(z.object({ row: z.number(), errors: z.array(importRowError) })),
  /** Certifications created from an account export. */
  certifications_created: z.number(),
});
export type ImportResult = z.infer<typeof importResult>;
