/**
 * Named parameters for the Data API. Plain JS values map to the obvious Field.
 * Strings bind as varchar, as on Aurora, so statements cast them where a
 * column wants another type (`cast(:id as uuid)`), which keeps the SQL
 * readable on its own.
 */
import type { SqlParameter } from '@aws-sdk/client-rds-data';

export type ParamValue = string | number | boolean | null;
export type Params = Record<string, ParamValue>;

export function toSqlParameters(params: Params): SqlParameter[] {
  return Object.entries(params).map(([name, value]): SqlParameter => {
    if (value === null) return { name, value: { isNull: true } };
    switch (typeof value) {
      case 'string':
        return { name, value: { stringValue: value } };
      case 'boolean':
        return { name, value: { booleanValue: value } };
      case 'number':
        return Number.isInteger(value)
          ? { name, value: { longValue: value } }
          : { name, value: { doubleValue: value } };
    }
  });
}
