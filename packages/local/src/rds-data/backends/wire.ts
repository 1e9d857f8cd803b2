/**
 * Reads PostgreSQL's answer to Parse/Bind/Describe/Execute/Sync from raw
 * wire-protocol bytes (PGlite's execProtocolRaw) into a SqlResult. Only the
 * messages that carry a result are read: RowDescription (T), DataRow (D),
 * CommandComplete (C) and ErrorResponse (E); the rest (ParseComplete,
 * BindComplete, NoData, notices, ReadyForQuery) are skipped.
 *
 * Values are decoded straight from one Buffer view: a generic parser that
 * copies every field into its own ArrayBuffer first costs about half a
 * millisecond per 50-row answer, which is most of a list request's parsing.
 */
import { type SqlResult, SqlError, parseCommandTag } from '../backend';

/** ErrorResponse field codes (PostgreSQL protocol, "Error and Notice Message Fields"). */
const ERROR_FIELDS = {
  V: 'severity',
  C: 'code',
  M: 'message',
  D: 'detail',
  H: 'hint',
  P: 'position',
  W: 'where',
} as const;

class Reader {
  offset: number;
  constructor(
    private readonly buf: Buffer,
    offset: number,
  ) {
    this.offset = offset;
  }
  byte(): number {
    const value = this.buf.readUInt8(this.offset);
    this.offset += 1;
    return value;
  }
  int16(): number {
    const value = this.buf.readInt16BE(this.offset);
    this.offset += 2;
    return value;
  }
  int32(): number {
    const value = this.buf.readInt32BE(this.offset);
    this.offset += 4;
    return value;
  }
  text(length: number): string {
    const value = this.buf.toString('utf8', this.offset, this.offset + length);
    this.offset += length;
    return value;
  }
  cstring(): string {
    const end = this.buf.indexOf(0, this.offset);
    const value = this.buf.toString('utf8', this.offset, end);
    this.offset = end + 1;
    return value;
  }
}

function readError(reader: Reader, end: number): SqlError {
  const fields: Partial<Record<(typeof ERROR_FIELDS)[keyof typeof ERROR_FIELDS], string>> = {};
  while (reader.offset < end) {
    const code = reader.byte();
    if (code === 0) break;
    const value = reader.cstring();
    const name = ERROR_FIELDS[String.fromCharCode(code) as keyof typeof ERROR_FIELDS];
    if (name) fields[name] = value;
  }
  return new SqlError({ ...fields, message: fields.message ?? 'unknown database error' });
}

/** The result of one statement; throws the first ErrorResponse as a SqlError. */
export function readResult(data: Uint8Array): SqlResult {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const result: SqlResult = { fields: null, rows: [], command: '', rowCount: 0 };
  let offset = 0;
  while (offset + 5 <= buf.length) {
    const type = buf[offset];
    // The length counts itself but not the type byte.
    const end = offset + 1 + buf.readInt32BE(offset + 1);
    const reader = new Reader(buf, offset + 5);
    switch (type) {
      case 0x44: {
        // D: DataRow
        const count = reader.int16();
        const row = new Array<string | null>(count);
        for (let i = 0; i < count; i++) {
          const length = reader.int32();
          row[i] = length === -1 ? null : reader.text(length);
        }
        result.rows.push(row);
        break;
      }
      case 0x54: {
        // T: RowDescription
        const count = reader.int16();
        result.fields = [];
        for (let i = 0; i < count; i++) {
          const name = reader.cstring();
          const tableOid = reader.int32();
          const columnNumber = reader.int16();
          const typeOid = reader.int32();
          reader.int16(); // type size
          const typeModifier = reader.int32();
          reader.int16(); // format code
          result.fields.push({ name, typeOid, typeModifier, tableOid, columnNumber });
        }
        break;
      }
      case 0x43: // C: CommandComplete
        Object.assign(result, parseCommandTag(reader.cstring()));
        break;
      case 0x45: // E: ErrorResponse; PostgreSQL skips to Sync after it.
        throw readError(reader, end);
    }
    offset = end;
  }
  return result;
}
