import type { SqlField, SqlSession } from './backend';
import { arrayElementOid, JDBC_ARRAY, OID, typeInfo, UNBOUNDED } from './pg-types';

/** The Data API's ColumnMetadata, as pgjdbc's ResultSetMetaData describes a column. */
export interface ColumnMetadata {
  name: string;
  label: string;
  type: number;
  typeName: string;
  schemaName: string;
  tableName: string;
  isAutoIncrement: boolean;
  isSigned: boolean;
  isCurrency: boolean;
  isCaseSensitive: boolean;
  /** 0 = no nulls, 1 = nullable, 2 = unknown (java.sql.ResultSetMetaData constants). */
  nullable: number;
  precision: number;
  scale: number;
  arrayBaseColumnType: number;
}

/** What the catalog says about one result column. */
export interface CatalogColumn {
  typeName: string | null;
  notNull: boolean | null;
  tableName: string | null;
  autoIncrement: boolean;
}

const CATALOG_SQL = `select t.typname, a.attnotnull, c.relname,
  coalesce(a.attidentity <> '' or pg_get_expr(d.adbin, d.adrelid) like 'nextval(%', false)
from unnest($1::int8[], $2::int8[], $3::int8[]) with ordinality as f(typ, rel, att, ord)
left join pg_type t on t.oid = f.typ::oid
left join pg_attribute a on f.rel <> 0 and a.attrelid = f.rel::oid and a.attnum = f.att
left join pg_class c on c.oid = a.attrelid
left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
order by f.ord`;

/** Looks the result's columns up in the catalog on the same session (and so the same transaction). */
export async function readCatalog(
  session: SqlSession,
  fields: SqlField[],
): Promise<CatalogColumn[]> {
  if (fields.length === 0) return [];
  const list = (values: number[]) => `{${values.join(',')}}`;
  const result = await session.run({
    text: CATALOG_SQL,
    parameters: [
      { typeOid: OID.int8Array, text: list(fields.map((f) => f.typeOid)) },
      { typeOid: OID.int8Array, text: list(fields.map((f) => f.tableOid)) },
      { typeOid: OID.int8Array, text: list(fields.map((f) => f.columnNumber)) },
    ],
  });
  return result.rows.map(([typeName, notNull, tableName, autoIncrement]) => ({
    typeName: typeName ?? null,
    notNull: notNull === null || notNull === undefined ? null : notNull === 't',
    tableName: tableName ?? null,
    autoIncrement: autoIncrement === 't',
  }));
}

const SIGNED = new Set<number>([
  OID.int2,
  OID.int4,
  OID.int8,
  OID.float4,
  OID.float8,
  OID.numeric,
  OID.money,
]);
const CASE_SENSITIVE = new Set<number>([OID.text, OID.varchar, OID.bpchar, OID.char, OID.name]);
const SERIAL_NAMES: Record<string, string> = {
  int2: 'smallserial',
  int4: 'serial',
  int8: 'bigserial',
};

function precisionAndScale(field: SqlField): { precision: number; scale: number } {
  const info = typeInfo(field.typeOid);
  const mod = field.typeModifier;
  if (field.typeOid === OID.numeric) {
    if (mod < 4) return { precision: 0, scale: 0 };
    return { precision: ((mod - 4) >> 16) & 0xffff, scale: (mod - 4) & 0xffff };
  }
  if (field.typeOid === OID.varchar || field.typeOid === OID.bpchar) {
    return { precision: mod >= 4 ? mod - 4 : UNBOUNDED, scale: 0 };
  }
  return { precision: info.precision ?? UNBOUNDED, scale: info.scale ?? 0 };
}

export function columnMetadata(
  field: SqlField,
  catalog: CatalogColumn | undefined,
): ColumnMetadata {
  const info = typeInfo(field.typeOid);
  const isArray =
    arrayElementOid(field.typeOid) !== undefined || catalog?.typeName?.startsWith('_');
  const baseName = catalog?.typeName ?? info.name;
  const autoIncrement = catalog?.autoIncrement ?? false;
  return {
    name: field.name,
    label: field.name,
    type: isArray ? JDBC_ARRAY : info.jdbcType,
    typeName:
      (autoIncrement && Object.hasOwn(SERIAL_NAMES, baseName) && SERIAL_NAMES[baseName]) ||
      baseName,
    // pgjdbc reports no schema name for result columns.
    schemaName: '',
    tableName: catalog?.tableName ?? '',
    isAutoIncrement: autoIncrement,
    isSigned: SIGNED.has(field.typeOid),
    isCurrency: field.typeOid === OID.money,
    isCaseSensitive: CASE_SENSITIVE.has(field.typeOid),
    nullable: catalog?.notNull === true ? 0 : 1,
    ...precisionAndScale(field),
    arrayBaseColumnType: 0,
  };
}
