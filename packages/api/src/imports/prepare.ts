/**
 * A file to import, read and checked row by row against the caller's
 * certifications; nothing is stored here (the handler looks up duplicates
 * and writes). Loaded by the activities function on the first import, so its
 * parsers (csv-parse, read-excel-file) cost the other routes' cold start
 * nothing. Refusals come back as data: this lazy file must not carry a copy
 * of errors.ts.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import type { CertificationWriteRow } from '../data/imports';
import { CREDIT_UNITS, catalogueEntryById, findCatalogueEntry } from '@cpe/shared/catalogue';
import { isRealIsoDate } from '@cpe/shared/dates';
import {
  type ImportBody,
  type ImportFormat,
  type ImportMapping,
  type ImportRowError,
  type ImportValues,
  cpeAmount,
  createCertificationBody,
  creditInput,
  isoDate,
} from '@cpe/shared/schemas';
import { emptyMapping, guessMapping } from './guess';
import { type Cell, type Table, cellText, decodeBase64, readFile } from './read';
import { ImportRefusal } from './refusal';
import {
  type OwnCertification,
  checkRow,
  emptyValues,
  importKey,
  matchCategory,
  normaliseName,
} from './values';

/** A certification the import creates (from an account export, or the report's). */
export type NewCertification = CertificationWriteRow;

/** Another certification an exported activity counts for. */
export interface ExtraCredit {
  certification_id: string;
  cpe_units: number;
  category: string | null;
  submitted_on: string | null;
  /** A late credit a renewal kept for a past cycle (account export): imported archived. */
  late?: boolean;
}

export interface PreparedRow {
  row: number;
  values: ImportValues;
  errors: ImportRowError[];
  key: string | null;
  /** An earlier row of the file with the same key. */
  same_as_row: number | null;
  /** The primary credit's submission date (account export). */
  submitted_on: string | null;
  /** The primary credit was a late one a renewal kept for a past cycle (account export). */
  late?: boolean;
  extra_credits: ExtraCredit[];
}

export interface PreparedImport {
  format: ImportFormat;
  headers: string[];
  guessed: ImportMapping;
  mapping: ImportMapping;
  certification_id: string | null;
  new_certifications: NewCertification[];
  rows: PreparedRow[];
}

export type Preparation =
  { prepared: PreparedImport } | { refusal: { message: string; fields: Record<string, string> } };

export async function prepareImport(
  body: ImportBody,
  own: readonly OwnCertification[],
  now: Date,
): Promise<Preparation> {
  try {
    return { prepared: await prepare(body, own, now) };
  } catch (error) {
    if (error instanceof ImportRefusal) {
      return { refusal: { message: error.message, fields: { [error.field]: error.why } } };
    }
    throw error;
  }
}

async function prepare(
  body: ImportBody,
  own: readonly OwnCertification[],
  now: Date,
): Promise<PreparedImport> {
  const chosen =
    body.certification_id === undefined || body.certification_id === null
      ? undefined
      : own.find((c) => c.certification_id.toLowerCase() === body.certification_id?.toLowerCase());
  if (body.certification_id && !chosen) {
    throw new ImportRefusal('is not one of your certifications', 'certification_id');
  }
  const file = await readFile(decodeBase64(body.content_base64), body.file_name);
  if (file.format === 'account-json') return fromExport(file.document, own, now);
  return fromTable(file, body, own, chosen, now);
}

function fromTable(
  table: Table,
  body: ImportBody,
  own: readonly OwnCertification[],
  chosen: OwnCertification | undefined,
  now: Date,
): PreparedImport {
  const guessed = guessMapping(table.headers);
  const mapping: ImportMapping = { ...guessed };
  for (const [field, column] of Object.entries(body.mapping ?? {})) {
    if (column !== undefined) mapping[field as keyof ImportMapping] = column;
  }
  const newCertifications: NewCertification[] = [];
  let fallback = chosen;
  if (!fallback && table.reportCertification !== undefined) {
    const name = table.reportCertification;
    fallback = own.find((c) => normaliseName(c.certification_name) === normaliseName(name));
    if (!fallback) {
      const created = reportCertification(name, table);
      newCertifications.push(created);
      fallback = created;
    }
  }
  if (!fallback && own.length === 1) fallback = own[0];
  const cell = (cells: Cell[], column: number | null): Cell =>
    column === null ? null : (cells[column] ?? null);
  const rows = table.rows.map((r): PreparedRow => {
    if (r.error !== undefined) {
      return {
        row: r.row,
        values: emptyValues(),
        errors: [{ field: 'row', message: r.error }],
        key: null,
        same_as_row: null,
        submitted_on: null,
        extra_credits: [],
      };
    }
    const checked = checkRow(
      {
        date: cell(r.cells, mapping.date),
        title: cell(r.cells, mapping.title),
        provider: cell(r.cells, mapping.provider),
        units: cell(r.cells, mapping.units),
        category: cell(r.cells, mapping.category),
        certification: cell(r.cells, mapping.certification),
        description: cell(r.cells, mapping.description),
      },
      [...own, ...newCertifications],
      fallback,
      now,
    );
    for (const [field, column] of [
      ['date', mapping.date],
      ['title', mapping.title],
      ['units', mapping.units],
    ] as const) {
      if (column === null) {
        checked.errors.unshift({ field, message: `No column is chosen for ${field}` });
        checked.key = null;
      }
    }
    return { row: r.row, ...checked, same_as_row: null, submitted_on: null, extra_credits: [] };
  });
  return {
    format: table.format,
    headers: table.headers,
    guessed,
    mapping,
    // Only one of the caller's: the page sends it back with the import, when the rest is created anew.
    certification_id:
      fallback === undefined || newCertifications.some((c) => c === fallback)
        ? null
        : fallback.certification_id,
    new_certifications: newCertifications,
    rows: markRepeats(rows),
  };
}

/**
 * The report's certification, for an account that lacks it: its cycle and
 * the catalogue's rules, checked as Add Certification checks one.
 */
function reportCertification(name: string, table: Table): NewCertification {
  // The body line names the entry's full name; the certification's name may carry more words.
  const fullName = /\(([^()]*)\)$/.exec(table.reportBody ?? '')?.[1];
  const entry =
    findCatalogueEntry(name) ??
    findCatalogueEntry(name.split(/ [-–] /)[0] ?? name) ??
    (fullName === undefined ? undefined : findCatalogueEntry(fullName));
  const cycle = /^(\d{4}-\d{2}-\d{2})(?: to (\d{4}-\d{2}-\d{2}))?$/.exec(
    (table.reportCycle ?? '').replace(/^from /, ''),
  );
  if (cycle && !cycle.slice(1).every((d) => d === undefined || isRealIsoDate(d))) {
    throw new ImportRefusal(
      `is an audit report whose cycle “${table.reportCycle ?? ''}” is not two real dates`,
    );
  }
  const dates = table.rows
    .map((r) => cellText(r.cells[1] ?? null))
    .filter(isRealIsoDate)
    .sort();
  const earned = cycle?.[1] ?? dates[0] ?? new Date().toISOString().slice(0, 10);
  // A renewed certification's first day: without it the rules would take the cycle for a first one.
  const shown = table.reportFirstCertified;
  const firstCertified = shown === undefined || shown === '' ? null : shown;
  if (firstCertified !== null && !isRealIsoDate(firstCertified)) {
    throw new ImportRefusal(
      `is an audit report whose first certified date “${firstCertified.slice(0, 40)}” is not a real date`,
    );
  }
  if (firstCertified !== null && firstCertified > earned) {
    throw new ImportRefusal(
      `is an audit report whose first certified date “${firstCertified}” is after its cycle’s start ${earned}`,
    );
  }
  // A certification of no catalogue entry keeps the unit and total its report printed.
  const unit = CREDIT_UNITS.find((u) => u === table.reportUnit && u !== 'CPE');
  const required = /^\d+(\.\d+)?$/.test(table.reportRequired ?? '')
    ? Number(table.reportRequired)
    : null;
  const checked = createCertificationBody.safeParse({
    certification_name: name,
    earned_date: earned,
    expiry_date: cycle?.[2] ?? null,
    cpe_needed: entry ? entry.renewal.total : required,
    verification_link: null,
    certified_on: firstCertified,
  });
  if (!checked.success) throw certificationRefusal('an audit report', name, checked.error);
  return {
    certification_id: randomUUID(),
    certification_name: checked.data.certification_name,
    earned_date: checked.data.earned_date,
    expiry_date: checked.data.expiry_date,
    cpe_needed: checked.data.cpe_needed,
    verification_link: null,
    catalogue_id: entry?.id ?? null,
    unit: entry ? entry.renewal.unit : (unit ?? null),
    cycle_months: entry?.renewal.cycleMonths ?? null,
    annual_minimum: entry?.renewal.annualMinimum ?? null,
    certified_on: checked.data.certified_on ?? null,
    carried_in: 0,
    carried_category: null,
  };
}

/** A file's certification the form would refuse, named with the first thing wrong. */
function certificationRefusal(
  what: string,
  name: string,
  error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] },
): ImportRefusal {
  const issue = error.issues[0];
  const shown = name.length > 60 ? `${name.slice(0, 60)}…` : name;
  return new ImportRefusal(
    `is ${what} whose certification “${shown}” is not valid: ${issue?.path.map(String).join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
  );
}

/** A row whose key an earlier row has is that row's duplicate. */
function markRepeats(rows: PreparedRow[]): PreparedRow[] {
  const first = new Map<string, number>();
  for (const r of rows) {
    if (r.key === null) continue;
    const earlier = first.get(r.key);
    if (earlier === undefined) first.set(r.key, r.row);
    else r.same_as_row = earlier;
  }
  return rows;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null =>
  typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : null;
const day = (v: unknown): string | null =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null;

/**
 * The account export (GET /api/account/export): its activities with their
 * credits; each certification is the caller's of the same name, or created
 * from the export's (docs/decisions/115).
 */
function fromExport(document: Json, own: readonly OwnCertification[], now: Date): PreparedImport {
  const exported = (document.certifications as unknown[]).filter(isObject);
  const byExportId = new Map<string, OwnCertification>();
  const created: NewCertification[] = [];
  for (const c of exported) {
    const id = text(c.certification_id);
    const name = text(c.certification_name);
    if (id === null || name === null) {
      throw new ImportRefusal('is an account export with a certification lacking its id or name');
    }
    const mine = own.find((o) => normaliseName(o.certification_name) === normaliseName(name));
    if (mine) {
      byExportId.set(id, mine);
      continue;
    }
    const fresh = exportedCertification(c, name);
    created.push(fresh);
    byExportId.set(id, fresh);
  }
  const credits = (Array.isArray(document.credits) ? document.credits : []).filter(isObject);
  const activities = (document.activities as unknown[]).filter(isObject);
  if (activities.length > 5000) {
    throw new ImportRefusal(
      `has ${activities.length} activities; at most 5000 can be imported at once`,
    );
  }
  const rows = activities.map((a, i): PreparedRow => {
    const activityId = text(a.activity_id);
    const primary = byExportId.get(text(a.certification_id) ?? '');
    const mine = credits.filter((c) => c.activity_id === activityId);
    const checked = checkRow(
      {
        date: day(a.activity_date) ?? text(a.activity_date),
        title: text(a.activity_name),
        provider: text(a.provider),
        units: num(a.cpe_units),
        category: text(a.category),
        certification: primary ? null : (text(a.certification_id) ?? ''),
        description: text(a.description),
      },
      [],
      primary,
      now,
    );
    // An export names each activity: two alike in every field are still two (a spreadsheet's
    // repeated row is one). The same export imported again has the same keys.
    if (checked.key !== null && activityId !== null) {
      checked.key = importKey(checked.values, activityId);
    }
    const extra: ExtraCredit[] = [];
    for (const c of mine) {
      const target = byExportId.get(text(c.certification_id) ?? '');
      if (!target || c.certification_id === a.certification_id) continue;
      const credit = exportedCredit(c, target);
      if ('credit' in credit) extra.push(credit.credit);
      else {
        checked.errors.push(credit.error);
        checked.key = null;
      }
    }
    const primaryCredit = mine.find((c) => c.certification_id === a.certification_id);
    const submitted = submittedOn(primaryCredit?.submitted_on);
    if (typeof submitted !== 'string' && submitted !== null) {
      checked.errors.push(submitted);
      checked.key = null;
    }
    // A credit counts at most what the activity was worth in the same unit, as on Update Activity.
    const units = checked.values.cpe_units;
    const unitOf = (c: OwnCertification | undefined) => c?.unit ?? 'CPE';
    for (const x of extra) {
      const target = [...own, ...created].find((c) => c.certification_id === x.certification_id);
      if (units !== null && x.cpe_units > units && unitOf(target) === unitOf(primary)) {
        const name = target?.certification_name;
        checked.errors.push({
          field: 'units',
          message: `Units for ${name ?? 'another certification'} (${x.cpe_units}) are more than the activity's ${units}`,
        });
        checked.key = null;
      }
    }
    return {
      row: i + 1,
      ...checked,
      same_as_row: null,
      submitted_on: typeof submitted === 'string' ? submitted : null,
      ...(primaryCredit && keptLate(primaryCredit) ? { late: true } : {}),
      extra_credits: extra,
    };
  });
  return {
    format: 'account-json',
    headers: [],
    guessed: emptyMapping(),
    mapping: emptyMapping(),
    certification_id: null,
    new_certifications: created,
    rows: markRepeats(rows),
  };
}

/** A credit's submission date as the export wrote it, or the row's error. */
function submittedOn(value: unknown): string | null | ImportRowError {
  if (value === null || value === undefined) return null;
  const date = isoDate.safeParse(day(value) ?? value);
  return date.success
    ? date.data
    : {
        field: 'row',
        message: `Submitted on “${(typeof value === 'string' ? value : (JSON.stringify(value) ?? '')).slice(0, 40)}” is not a real date`,
      };
}

/**
 * An exported credit for another certification, checked as Update Activity
 * checks one: its units, its submission date and its category, matched to
 * that certification's rules.
 */
/** An exported credit a renewal kept for a past cycle: it does not count for the current one. */
const keptLate = (c: Json) => c.is_archived === true && typeof c.late_for_cycle === 'string';

function exportedCredit(
  c: Json,
  target: OwnCertification,
): { credit: ExtraCredit } | { error: ImportRowError } {
  const name = target.certification_name;
  const units = cpeAmount.safeParse(c.cpe_units ?? 0);
  if (!units.success) {
    return {
      error: {
        field: 'units',
        message: `Units for ${name} ${units.error.issues[0]?.message ?? ''}`,
      },
    };
  }
  const submitted = submittedOn(c.submitted_on);
  if (typeof submitted !== 'string' && submitted !== null) return { error: submitted };
  let category: string | null = null;
  const typed = creditInput.shape.category.safeParse(c.category);
  if (!typed.success) {
    const message = typed.error.issues[0]?.message.replace(/^category /, '') ?? '';
    return { error: { field: 'category', message: `Category for ${name} ${message}` } };
  }
  if (typed.data !== null && typed.data !== undefined) {
    const matched = matchCategory(typed.data, target);
    if (typeof matched !== 'string')
      return { error: { field: 'category', message: matched.error } };
    category = matched;
  }
  return {
    credit: {
      certification_id: target.certification_id,
      cpe_units: units.data,
      category,
      submitted_on: submitted,
      ...(keptLate(c) ? { late: true } : {}),
    },
  };
}

/** What a renewal left on an exported certification, checked as the renewal stores it. */
const carried = z.object({
  carried_in: cpeAmount,
  carried_category: creditInput.shape.category,
});

/** An exported certification as the import creates it, checked as Add Certification checks one. */
function exportedCertification(c: Json, name: string): NewCertification {
  const checked = createCertificationBody.safeParse({
    certification_name: name,
    earned_date: day(c.earned_date) ?? c.earned_date,
    expiry_date: day(c.expiry_date) ?? c.expiry_date,
    cpe_needed: c.cpe_needed,
    verification_link: c.verification_link,
    catalogue_id: c.catalogue_id,
    unit: c.unit,
    cycle_months: c.cycle_months,
    annual_minimum: c.annual_minimum,
    member_id: c.member_id,
    // Checked with the earned date: never after the cycle's start (decision 125).
    certified_on: day(c.certified_on) ?? c.certified_on ?? null,
  });
  if (!checked.success) throw certificationRefusal('an account export', name, checked.error);
  const renewal = carried.safeParse({
    carried_in: c.carried_in ?? 0,
    carried_category: c.carried_category,
  });
  if (!renewal.success) throw certificationRefusal('an account export', name, renewal.error);
  const data = checked.data;
  const entry = data.catalogue_id ? catalogueEntryById(data.catalogue_id) : undefined;
  return {
    certification_id: randomUUID(),
    certification_name: data.certification_name,
    earned_date: data.earned_date,
    expiry_date: data.expiry_date,
    cpe_needed: data.cpe_needed,
    verification_link: data.verification_link,
    catalogue_id: entry ? entry.id : null,
    unit: data.unit ?? null,
    // As on create: an entry's certification without a cycle of its own has the body's.
    cycle_months: data.cycle_months ?? entry?.renewal.cycleMonths ?? null,
    annual_minimum: data.annual_minimum ?? null,
    member_id: data.member_id ?? null,
    certified_on: data.certified_on ?? null,
    carried_in: renewal.data.carried_in,
    carried_category: renewal.data.carried_category ?? null,
  };
}
