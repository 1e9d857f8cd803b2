/**
 * One row of a file as the activity it would store: each mapped cell read
 * and checked as the activity form's schema checks it (the same limits and
 * messages), the certification matched to one of the caller's, the category
 * to that certification's catalogue rules. A row's import key identifies it
 * across imports (docs/decisions/115).
 */
import { createHash } from 'node:crypto';
import { catalogueEntryById, findCatalogueEntry } from '@cpe/shared/catalogue';
import { isRealIsoDate } from '@cpe/shared/dates';
import {
  type ImportField,
  type ImportRowError,
  type ImportValues,
  activityFields,
  createActivityBody,
} from '@cpe/shared/schemas';
import { type Cell, cellText, isValidDate } from './read';

/** A certification of the caller, as matching needs it. */
export interface OwnCertification {
  certification_id: string;
  certification_name: string;
  catalogue_id: string | null;
  /** The unit it counts in; absent or null: CPEs. */
  unit?: string | null;
}

export const FIELD_LABELS: Record<ImportField, string> = {
  date: 'Date',
  title: 'Title',
  provider: 'Provider',
  units: 'Units',
  category: 'Category',
  certification: 'Certification',
  description: 'Description',
};

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const iso = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** Excel's day 0 is 1899-12-30 (its 1900 leap-year bug included). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/**
 * A date cell as YYYY-MM-DD, or an error message. Accepted: a workbook date,
 * an Excel serial number, YYYY-MM-DD (or with / or .), "15 March 2026",
 * "March 15, 2026", and D/M/YYYY or M/D/YYYY when the day is over 12 (else
 * it could be either, and the row asks for YYYY-MM-DD).
 */
export function readDate(cell: Cell): string | { error: string } {
  if (cell instanceof Date) {
    if (!isValidDate(cell)) return { error: 'Date must be a date such as 2026-03-15' };
    return checked(cell.toISOString().slice(0, 10), cell.toISOString().slice(0, 10));
  }
  if (typeof cell === 'number') {
    if (!Number.isInteger(cell) || cell < 1 || cell > 2958465) {
      return { error: 'Date must be a date such as 2026-03-15' };
    }
    return new Date(EXCEL_EPOCH + cell * 86400000).toISOString().slice(0, 10);
  }
  const text = cellText(cell);
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ][\d:.]+Z?)?$/.exec(text);
  if (m) return checked(iso(Number(m[1]), Number(m[2]), Number(m[3])), text);
  m = /^(\d{1,2})[ -]([A-Za-z]{3,9})\.?,?[ -](\d{4})$/.exec(text);
  if (m) return named(Number(m[3]), m[2] ?? '', Number(m[1]), text);
  m = /^([A-Za-z]{3,9})\.? (\d{1,2}),? (\d{4})$/.exec(text);
  if (m) return named(Number(m[3]), m[1] ?? '', Number(m[2]), text);
  m = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(text);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    const y = Number(m[3]);
    if (a > 12 && b <= 12) return checked(iso(y, b, a), text);
    if (b > 12 && a <= 12) return checked(iso(y, a, b), text);
    if (a === b) return checked(iso(y, a, b), text);
    return { error: `Date “${text}” could be day/month or month/day: write it as YYYY-MM-DD` };
  }
  if (text === '') return { error: 'Date is required' };
  return { error: `Date “${clip(text)}” is not a date such as 2026-03-15` };
}

function named(y: number, month: string, d: number, text: string) {
  const i = MONTHS.indexOf(month.slice(0, 3).toLowerCase());
  if (i < 0) return { error: `Date “${clip(text)}” is not a date such as 2026-03-15` };
  return checked(iso(y, i + 1, d), text);
}

function checked(date: string, text: string): string | { error: string } {
  return isRealIsoDate(date) ? date : { error: `Date “${clip(text)}” is not a real date` };
}

const clip = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

/**
 * Units as a number: 1.5, "1.5", "1,5" (a decimal comma); an error message otherwise. Three digits
 * after the separator ("1,000", "1.250") may be a thousands separator: refused rather than read as
 * 1 or 1.25 (units have at most two decimals).
 */
export function readUnits(cell: Cell): number | { error: string } {
  if (typeof cell === 'number') return cell;
  const text = cellText(cell);
  if (text === '') return { error: 'Units are required' };
  if (/^\d{1,3}[.,]\d{3}$/.test(text)) {
    return {
      error: `Units “${text}” could be a thousand or more, or a fraction: write it with no thousands separator and at most two decimals`,
    };
  }
  if (/^\d+([.,]\d+)?$/.test(text)) return Number(text.replace(',', '.'));
  return { error: `Units “${clip(text)}” must be a number such as 1.5` };
}

/** Lower case, one space between words: how names compare. */
export const normaliseName = (text: string) =>
  text.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();

/** The certification a cell names among the caller's: by name, id, or the catalogue's name for it. */
export function matchCertification(
  text: string,
  own: readonly OwnCertification[],
): OwnCertification | undefined {
  const wanted = normaliseName(text);
  if (wanted === '') return undefined;
  const byName = own.filter((c) => normaliseName(c.certification_name) === wanted);
  if (byName.length === 1) return byName[0];
  const byId = own.find((c) => c.certification_id.toLowerCase() === wanted);
  if (byId) return byId;
  const entry = catalogueEntryById(wanted) ?? findCatalogueEntry(text);
  if (entry) {
    const byEntry = own.filter((c) => c.catalogue_id === entry.id);
    if (byEntry.length === 1) return byEntry[0];
  }
  // "CISSP" for "CISSP - Certified Information Systems Security Professional".
  const byStart = own.filter((c) => {
    const name = normaliseName(c.certification_name);
    return name.startsWith(wanted) && /^[^\p{L}\p{N}]/u.test(name.slice(wanted.length));
  });
  return byStart.length === 1 ? byStart[0] : undefined;
}

interface CategoryKey {
  key: string;
  label: string;
  names: string[];
}

/** "Group A (domain-related)" → "Group A". */
const shortLabel = (label: string) => label.replace(/\s*\([^)]*\)/g, '').trim();

const categoryKeys = new Map<string, CategoryKey[]>();

/** The categories and activity kinds an entry's rules (current and earlier) name. */
function keysOf(catalogueId: string): CategoryKey[] {
  const cached = categoryKeys.get(catalogueId);
  if (cached) return cached;
  const entry = catalogueEntryById(catalogueId);
  const keys: CategoryKey[] = [];
  if (entry) {
    for (const rule of [entry.renewal, ...(entry.renewal.earlier ?? []).map((e) => e.rule)]) {
      for (const c of rule.categories ?? []) {
        keys.push({
          key: c.id,
          label: c.label,
          names: [c.id, c.label, shortLabel(c.label), ...(c.aliases ?? [])],
        });
      }
      for (const c of rule.activityCaps ?? []) {
        keys.push({ key: c.kind, label: c.label, names: [c.kind, c.label, shortLabel(c.label)] });
      }
    }
  }
  categoryKeys.set(catalogueId, keys);
  return keys;
}

/**
 * The category to store: for a certification whose catalogue rules name
 * categories or activity kinds, the one the cell names (by id, label or
 * alias); otherwise the text as typed.
 */
export function matchCategory(
  text: string,
  certification: OwnCertification,
): string | { error: string } {
  const keys = certification.catalogue_id === null ? [] : keysOf(certification.catalogue_id);
  if (keys.length === 0) return text;
  const wanted = normaliseName(text);
  const found = keys.find((k) => k.names.some((n) => normaliseName(n) === wanted));
  if (found) return found.key;
  const labels = [...new Set(keys.map((k) => k.label))];
  return {
    error: `Category “${clip(text)}” is not one of ${certification.certification_name}'s: ${labels.join(', ')}`,
  };
}

/** A stored category's label in the certification's rules; the category itself without rules. */
export function categoryLabel(category: string, certification: OwnCertification): string {
  const keys = certification.catalogue_id === null ? [] : keysOf(certification.catalogue_id);
  return keys.find((k) => k.key === category)?.label ?? category;
}

let built: { at: number; schema: ReturnType<typeof activityFields> } | undefined;

/** The activity form's own checks (shared schema), built once per moment rather than per row. */
function formSchema(now: Date) {
  if (built?.at !== now.getTime()) built = { at: now.getTime(), schema: activityFields(() => now) };
  return built.schema;
}

/** "activity_name must be at most 200 characters" → "Title must be at most 200 characters". */
function fieldMessage(label: string, internal: string, message: string): string {
  const rest = message.startsWith(internal) ? message.slice(internal.length).trim() : message;
  return `${label} ${rest}`;
}

/** The activity form's provider and category checks (one line, direction controls dropped). */
const providerSchema = createActivityBody.shape.provider;
const categorySchema = createActivityBody.shape.category;

export interface RowInput {
  date: Cell;
  title: Cell;
  provider: Cell;
  units: Cell;
  category: Cell;
  /** The cell naming the certification; null when none (the default applies). */
  certification: Cell;
  description: Cell;
}

export interface CheckedRow {
  values: ImportValues;
  errors: ImportRowError[];
  /** Set when the row has no errors. */
  key: string | null;
}

/** Reads and checks one row. */
/** A row's values before anything is read from it. */
export const emptyValues = (): ImportValues => ({
  activity_date: null,
  activity_name: null,
  provider: null,
  cpe_units: null,
  category: null,
  category_label: null,
  certification_id: null,
  certification_name: null,
  description: '',
});

export function checkRow(
  input: RowInput,
  own: readonly OwnCertification[],
  fallback: OwnCertification | undefined,
  now: Date,
): CheckedRow {
  const errors: ImportRowError[] = [];
  const fail = (field: ImportField | 'row', message: string) => errors.push({ field, message });
  const schema = formSchema(now);
  const values = emptyValues();

  const date = readDate(input.date);
  if (typeof date === 'string') {
    const ok = schema.activity_date.safeParse(date);
    if (ok.success) values.activity_date = ok.data;
    else fail('date', fieldMessage('Date', 'activity_date', ok.error.issues[0]?.message ?? ''));
  } else fail('date', date.error);

  const title = schema.activity_name.safeParse(cellText(input.title));
  if (title.success) values.activity_name = title.data;
  else fail('title', fieldMessage('Title', 'activity_name', title.error.issues[0]?.message ?? ''));

  const provider = cellText(input.provider);
  if (provider !== '') {
    const ok = providerSchema.safeParse(provider);
    if (ok.success) values.provider = ok.data ?? null;
    else fail('provider', fieldMessage('Provider', 'provider', ok.error.issues[0]?.message ?? ''));
  }

  const units = readUnits(input.units);
  if (typeof units === 'number') {
    const ok = schema.cpe_units.safeParse(units);
    if (ok.success) values.cpe_units = ok.data;
    else fail('units', `Units ${ok.error.issues[0]?.message ?? ''}`);
  } else fail('units', units.error);

  const description = schema.description.safeParse(
    input.description === null ? '' : cellText(input.description),
  );
  if (description.success) values.description = description.data;
  else {
    fail(
      'description',
      fieldMessage('Description', 'description', description.error.issues[0]?.message ?? ''),
    );
  }

  const named = cellText(input.certification);
  const certification = named === '' ? fallback : matchCertification(named, own);
  if (certification) {
    values.certification_id = certification.certification_id;
    values.certification_name = certification.certification_name;
  } else if (named === '') {
    fail('certification', 'Certification is required: choose one for rows that name none');
  } else {
    fail('certification', `No certification of yours is named “${clip(named)}”`);
  }

  const category = cellText(input.category);
  if (category !== '') {
    const ok = categorySchema.safeParse(category);
    if (!ok.success) {
      fail('category', fieldMessage('Category', 'category', ok.error.issues[0]?.message ?? ''));
    } else if (certification && typeof ok.data === 'string') {
      const matched = matchCategory(ok.data, certification);
      if (typeof matched === 'string') {
        values.category = matched;
        values.category_label = categoryLabel(matched, certification);
      } else fail('category', matched.error);
    }
  }

  return { values, errors, key: errors.length === 0 ? importKey(values) : null };
}

/**
 * What makes two rows the same activity: the certification, the date, the
 * title and provider (case and spacing aside) and the units; and, for an
 * account export, which names each activity, its exported id.
 */
export function importKey(values: ImportValues, exportedId?: string): string {
  const parts = [
    ...(exportedId === undefined ? [] : [exportedId]),
    values.certification_id ?? '',
    values.activity_date ?? '',
    normaliseName(values.activity_name ?? ''),
    normaliseName(values.provider ?? ''),
    (values.cpe_units ?? 0).toFixed(2),
  ];
  return createHash('sha256').update(parts.join('\u001f')).digest('hex');
}
