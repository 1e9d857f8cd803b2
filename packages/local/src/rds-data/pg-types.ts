/**
 * What the emulator knows about PostgreSQL's built-in types: how the Data API
 * returns their values and what pgjdbc reports in column metadata (the Data
 * API builds columnMetadata from JDBC's ResultSetMetaData).
 */

/** How a value is carried in a Data API Field. */
export type ValueKind =
  'long' | 'double' | 'decimal' | 'boolean' | 'blob' | 'timestamp' | 'timestamptz' | 'string';

export interface PgTypeInfo {
  name: string;
  kind: ValueKind;
  /** java.sql.Types code. */
  jdbcType: number;
  precision?: number;
  scale?: number;
}

export const OID = {
  bool: 16,
  bytea: 17,
  char: 18,
  name: 19,
  int8: 20,
  int2: 21,
  int4: 23,
  text: 25,
  oid: 26,
  json: 114,
  float4: 700,
  float8: 701,
  money: 790,
  bpchar: 1042,
  varchar: 1043,
  date: 1082,
  time: 1083,
  timestamp: 1114,
  timestamptz: 1184,
  interval: 1186,
  timetz: 1266,
  numeric: 1700,
  uuid: 2950,
  jsonb: 3802,
  int8Array: 1016,
} as const;

const JDBC = {
  BIT: -7,
  BIGINT: -5,
  BINARY: -2,
  CHAR: 1,
  NUMERIC: 2,
  INTEGER: 4,
  SMALLINT: 5,
  REAL: 7,
  DOUBLE: 8,
  VARCHAR: 12,
  DATE: 91,
  TIME: 92,
  TIMESTAMP: 93,
  OTHER: 1111,
  ARRAY: 2003,
} as const;

/** pgjdbc's "unknown length" for unbounded types. */
export const UNBOUNDED = 2147483647;

const TYPES: Record<number, PgTypeInfo> = {
  [OID.bool]: { name: 'bool', kind: 'boolean', jdbcType: JDBC.BIT, precision: 1 },
  [OID.bytea]: { name: 'bytea', kind: 'blob', jdbcType: JDBC.BINARY, precision: UNBOUNDED },
  [OID.char]: { name: 'char', kind: 'string', jdbcType: JDBC.CHAR, precision: 1 },
  [OID.name]: { name: 'name', kind: 'string', jdbcType: JDBC.VARCHAR, precision: 63 },
  [OID.int8]: { name: 'int8', kind: 'long', jdbcType: JDBC.BIGINT, precision: 19 },
  [OID.int2]: { name: 'int2', kind: 'long', jdbcType: JDBC.SMALLINT, precision: 5 },
  [OID.int4]: { name: 'int4', kind: 'long', jdbcType: JDBC.INTEGER, precision: 10 },
  [OID.text]: { name: 'text', kind: 'string', jdbcType: JDBC.VARCHAR, precision: UNBOUNDED },
  [OID.oid]: { name: 'oid', kind: 'long', jdbcType: JDBC.BIGINT, precision: 10 },
  [OID.json]: { name: 'json', kind: 'string', jdbcType: JDBC.OTHER, precision: UNBOUNDED },
  [OID.float4]: { name: 'float4', kind: 'double', jdbcType: JDBC.REAL, precision: 8, scale: 8 },
  [OID.float8]: { name: 'float8', kind: 'double', jdbcType: JDBC.DOUBLE, precision: 17, scale: 17 },
  [OID.money]: { name: 'money', kind: 'string', jdbcType: JDBC.DOUBLE, precision: UNBOUNDED },
  [OID.bpchar]: { name: 'bpchar', kind: 'string', jdbcType: JDBC.CHAR, precision: UNBOUNDED },
  [OID.varchar]: { name: 'varchar', kind: 'string', jdbcType: JDBC.VARCHAR, precision: UNBOUNDED },
  [OID.date]: { name: 'date', kind: 'string', jdbcType: JDBC.DATE, precision: 13 },
  [OID.time]: { name: 'time', kind: 'string', jdbcType: JDBC.TIME, precision: 15, scale: 6 },
  [OID.timestamp]: {
    name: 'timestamp',
    kind: 'timestamp',
    jdbcType: JDBC.TIMESTAMP,
    precision: 29,
    scale: 6,
  },
  [OID.timestamptz]: {
    name: 'timestamptz',
    kind: 'timestamptz',
    jdbcType: JDBC.TIMESTAMP,
    precision: 35,
    scale: 6,
  },
  [OID.interval]: { name: 'interval', kind: 'string', jdbcType: JDBC.OTHER, precision: 49 },
  [OID.timetz]: { name: 'timetz', kind: 'string', jdbcType: JDBC.TIME, precision: 21, scale: 6 },
  [OID.numeric]: { name: 'numeric', kind: 'decimal', jdbcType: JDBC.NUMERIC, precision: 0 },
  [OID.uuid]: { name: 'uuid', kind: 'string', jdbcType: JDBC.OTHER, precision: UNBOUNDED },
  [OID.jsonb]: { name: 'jsonb', kind: 'string', jdbcType: JDBC.OTHER, precision: UNBOUNDED },
};

/** Array type OID -> element type OID, for the built-in types above. */
const ARRAY_ELEMENTS: Record<number, number> = {
  1000: OID.bool,
  1001: OID.bytea,
  1002: OID.char,
  1003: OID.name,
  1005: OID.int2,
  1007: OID.int4,
  1009: OID.text,
  1014: OID.bpchar,
  1015: OID.varchar,
  1016: OID.int8,
  1021: OID.float4,
  1022: OID.float8,
  1028: OID.oid,
  1115: OID.timestamp,
  1182: OID.date,
  1183: OID.time,
  1185: OID.timestamptz,
  1187: OID.interval,
  1231: OID.numeric,
  1270: OID.timetz,
  199: OID.json,
  2951: OID.uuid,
  3807: OID.jsonb,
  791: OID.money,
};

const UNKNOWN: PgTypeInfo = {
  name: 'unknown',
  kind: 'string',
  jdbcType: JDBC.OTHER,
  precision: UNBOUNDED,
};

/** Info for a type OID; user types (enums, domains, composites) come back as strings. */
export function typeInfo(oid: number): PgTypeInfo {
  return TYPES[oid] ?? UNKNOWN;
}

export function arrayElementOid(oid: number): number | undefined {
  return ARRAY_ELEMENTS[oid];
}

export const JDBC_ARRAY = JDBC.ARRAY;
