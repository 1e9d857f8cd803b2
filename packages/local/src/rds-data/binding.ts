import { toPositionalParameters } from '@cpe/shared/sql';
import type { SqlParameter, SqlStatement } from './backend';
import { DataApiError, messages } from './errors';
import { OID } from './pg-types';

export type TypeHint = 'DATE' | 'TIME' | 'TIMESTAMP' | 'DECIMAL' | 'JSON' | 'UUID';

/** The Data API's SqlParameter as received (already shape-checked). */
export interface DataApiParameter {
  name?: string | undefined;
  typeHint?: TypeHint | undefined;
  value?:
    | {
        isNull?: boolean | undefined;
        booleanValue?: boolean | undefined;
        longValue?: number | undefined;
        doubleValue?: number | undefined;
        stringValue?: string | undefined;
        blobValue?: string | undefined;
        arrayValue?: unknown;
      }
    | undefined;
}

/** The server-side type a typeHint asks for; a plain stringValue binds as varchar like pgjdbc's setString. */
const HINTED_TYPES: Record<TypeHint, number> = {
  DATE: OID.date,
  TIME: OID.time,
  TIMESTAMP: OID.timestamp,
  DECIMAL: OID.numeric,
  JSON: OID.json,
  UUID: OID.uuid,
};

/**
 * One parameter as the real service binds it: a typed JDBC value, so the
 * server checks it against the column like it does on Aurora (a plain string
 * into a uuid or date column is a type error, not an implicit cast).
 */
export function bindValue(parameter: DataApiParameter, name: string): SqlParameter {
  const value = parameter.value ?? {};
  if (value.arrayValue !== undefined)
    throw new DataApiError('BadRequestException', messages.arrayParameter(name));
  if (value.isNull === true) return { typeOid: 0, text: null };
  if (value.stringValue !== undefined) {
    const typeOid = parameter.typeHint ? HINTED_TYPES[parameter.typeHint] : OID.varchar;
    return { typeOid, text: value.stringValue };
  }
  if (value.longValue !== undefined) return { typeOid: OID.int8, text: String(value.longValue) };
  if (value.doubleValue !== undefined)
    return { typeOid: OID.float8, text: String(value.doubleValue) };
  if (value.booleanValue !== undefined)
    return { typeOid: OID.bool, text: value.booleanValue ? 'true' : 'false' };
  if (value.blobValue !== undefined) {
    const hex = Buffer.from(value.blobValue, 'base64').toString('hex');
    return { typeOid: OID.bytea, text: `\\x${hex}` };
  }
  throw new DataApiError('BadRequestException', messages.emptyParameterValue(name));
}

/** Rewrites `:name` placeholders to `$n` and binds each from the named parameters. */
export function bindStatement(sql: string, parameters: DataApiParameter[]): SqlStatement {
  const { text, names } = toPositionalParameters(sql);
  const byName = new Map<string, DataApiParameter>();
  for (const parameter of parameters) {
    if (parameter.name !== undefined) byName.set(parameter.name, parameter);
  }
  const bound = names.map((name) => {
    const parameter = byName.get(name);
    if (!parameter) throw new DataApiError('BadRequestException', messages.unboundParameter(name));
    return bindValue(parameter, name);
  });
  return { text, parameters: bound };
}
