import { arrayElementOid, typeInfo, type ValueKind } from './pg-types';

/** The Data API's Field union as it travels in JSON: exactly one member set. */
export type Field =
  | { isNull: true }
  | { booleanValue: boolean }
  | { longValue: number }
  | { doubleValue: number }
  | { stringValue: string }
  | { blobValue: string }
  | { arrayValue: ArrayValue };

export type ArrayValue =
  | { booleanValues: Array<boolean | null> }
  | { longValues: Array<number | null> }
  | { doubleValues: Array<number | null> }
  | { stringValues: Array<string | null> }
  | { arrayValues: ArrayValue[] };

export interface ResultSetOptions {
  decimalReturnType: 'STRING' | 'DOUBLE_OR_LONG';
  longReturnType: 'LONG' | 'STRING';
}

export const DEFAULT_RESULT_SET_OPTIONS: ResultSetOptions = {
  decimalReturnType: 'STRING',
  longReturnType: 'LONG',
};

const TIMESTAMP = /^(\d{4,}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})(?:\.(\d+))?$/;
const TIMESTAMPTZ =
  /^(\d{4,})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?([+-])(\d{2})(?::?(\d{2}))?(?::?(\d{2}))?$/;

function withFraction(base: string, fraction: string | undefined): string {
  const digits = (fraction ?? '').replace(/0+$/, '');
  return digits === '' ? base : `${base}.${digits}`;
}

/** `2024-01-02 03:04:05.120000` -> `2024-01-02 03:04:05.12`; infinity and BC values pass through. */
export function formatTimestamp(text: string): string {
  const match = TIMESTAMP.exec(text);
  if (!match) return text;
  return withFraction(match[1] as string, match[2]);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** A timestamptz as PostgreSQL prints it, moved to UTC and printed without an offset. */
export function timestamptzToUtc(text: string): string {
  const match = TIMESTAMPTZ.exec(text);
  if (!match) return text;
  const [, year, month, day, hour, minute, second, fraction, sign, offH, offM, offS] = match;
  const offsetSeconds =
    (sign === '-' ? -1 : 1) * (Number(offH) * 3600 + Number(offM ?? 0) * 60 + Number(offS ?? 0));
  const local = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0-99 to the 1900s.
  local.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  local.setUTCHours(Number(hour), Number(minute), Number(second), 0);
  const utc = new Date(local.getTime() - offsetSeconds * 1000);
  const base =
    `${pad(utc.getUTCFullYear(), 4)}-${pad(utc.getUTCMonth() + 1)}-${pad(utc.getUTCDate())} ` +
    `${pad(utc.getUTCHours())}:${pad(utc.getUTCMinutes())}:${pad(utc.getUTCSeconds())}`;
  return withFraction(base, fraction);
}

export type ArrayItem = string | null | ArrayItem[];

/** Parses PostgreSQL's array output, e.g. `{1,NULL,"a \"b\""}` or `[0:1]={{1,2},{3,4}}`. */
export function parseArrayLiteral(text: string, delimiter = ','): ArrayItem[] {
  let i = 0;
  if (text.startsWith('[')) {
    // Explicit bounds decoration: the data follows the `=`.
    i = text.indexOf('=') + 1;
  }
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i] as string)) i += 1;
  };
  const parseList = (): ArrayItem[] => {
    skipSpace();
    if (text[i] !== '{') throw new Error(`malformed array literal: ${text}`);
    i += 1;
    const items: ArrayItem[] = [];
    skipSpace();
    if (text[i] === '}') {
      i += 1;
      return items;
    }
    for (;;) {
      skipSpace();
      const ch = text[i];
      if (ch === '{') {
        items.push(parseList());
      } else if (ch === '"') {
        let value = '';
        i += 1;
        while (i < text.length && text[i] !== '"') {
          if (text[i] === '\\') i += 1;
          value += text[i] ?? '';
          i += 1;
        }
        i += 1;
        items.push(value);
      } else {
        const start = i;
        while (i < text.length && text[i] !== delimiter && text[i] !== '}') i += 1;
        const raw = text.slice(start, i).trim();
        items.push(raw.toUpperCase() === 'NULL' ? null : raw);
      }
      skipSpace();
      if (text[i] === delimiter) {
        i += 1;
        continue;
      }
      if (text[i] === '}') {
        i += 1;
        return items;
      }
      throw new Error(`malformed array literal: ${text}`);
    }
  };
  return parseList();
}

function hexToBase64(text: string): string {
  if (text.startsWith('\\x')) return Buffer.from(text.slice(2), 'hex').toString('base64');
  return Buffer.from(text, 'latin1').toString('base64');
}

type Scalar = string | number | boolean;

/** One non-null value in the JS type the Data API carries it as. */
function scalar(text: string, kind: ValueKind, options: ResultSetOptions): Scalar {
  switch (kind) {
    case 'long':
      return options.longReturnType === 'STRING' ? text : Number(text);
    case 'double': {
      // NaN and Infinity have no JSON number form.
      const value = Number(text);
      return Number.isFinite(value) ? value : text;
    }
    case 'decimal': {
      if (options.decimalReturnType === 'STRING') return text;
      const value = Number(text);
      return Number.isFinite(value) ? value : text;
    }
    case 'boolean':
      return text === 't' || text === 'true';
    case 'blob':
      return hexToBase64(text);
    case 'timestamp':
      return formatTimestamp(text);
    case 'timestamptz':
      return timestamptzToUtc(text);
    case 'string':
      return text;
  }
}

function scalarField(text: string, kind: ValueKind, options: ResultSetOptions): Field {
  const value = scalar(text, kind, options);
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'string') {
    return kind === 'blob' ? { blobValue: value } : { stringValue: value };
  }
  if (kind === 'long' || (kind === 'decimal' && Number.isInteger(value) && !text.includes('.')))
    return { longValue: value };
  return { doubleValue: value };
}

function arrayValue(items: ArrayItem[], kind: ValueKind, options: ResultSetOptions): ArrayValue {
  if (items.some(Array.isArray)) {
    return {
      arrayValues: items.map((item) =>
        arrayValue(Array.isArray(item) ? item : [item], kind, options),
      ),
    };
  }
  const values = (items as Array<string | null>).map((item) =>
    item === null ? null : scalar(item, kind, options),
  );
  if (kind === 'boolean') return { booleanValues: values as Array<boolean | null> };
  if (values.every((v) => v === null || typeof v === 'number')) {
    if (kind === 'long') return { longValues: values };
    if (kind === 'double') return { doubleValues: values };
  }
  return { stringValues: values.map((v) => (v === null ? null : String(v))) };
}

/** A result value, read as text from PostgreSQL, as a Data API Field. */
export function toField(text: string | null, typeOid: number, options: ResultSetOptions): Field {
  if (text === null) return { isNull: true };
  const elementOid = arrayElementOid(typeOid);
  if (elementOid !== undefined) {
    return { arrayValue: arrayValue(parseArrayLiteral(text), typeInfo(elementOid).kind, options) };
  }
  return scalarField(text, typeInfo(typeOid).kind, options);
}

type JsonValue = Scalar | null | JsonValue[];

function jsonItems(items: ArrayItem[], kind: ValueKind, options: ResultSetOptions): JsonValue[] {
  return items.map((item) => {
    if (item === null) return null;
    if (Array.isArray(item)) return jsonItems(item, kind, options);
    return scalar(item, kind, options);
  });
}

/** A result value as it appears in `formattedRecords` (formatRecordsAs JSON). */
export function toJsonValue(
  text: string | null,
  typeOid: number,
  options: ResultSetOptions,
): JsonValue {
  if (text === null) return null;
  const elementOid = arrayElementOid(typeOid);
  if (elementOid !== undefined)
    return jsonItems(parseArrayLiteral(text), typeInfo(elementOid).kind, options);
  return scalar(text, typeInfo(typeOid).kind, options);
}
