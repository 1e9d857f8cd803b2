import { SqlError } from '../backend';
import { readResult } from './wire';

/** One backend message: type byte, int32 length (counting itself), body. */
function message(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}
const int16 = (n: number) => Buffer.from([(n >> 8) & 0xff, n & 0xff]);
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const cstring = (s: string) => Buffer.concat([Buffer.from(s, 'utf8'), Buffer.from([0])]);
const value = (s: string | null) =>
  s === null ? int32(-1) : Buffer.concat([int32(Buffer.byteLength(s)), Buffer.from(s, 'utf8')]);

function field(name: string, typeOid: number, typeModifier = -1, tableOid = 0, column = 0) {
  return Buffer.concat([
    cstring(name),
    int32(tableOid),
    int16(column),
    int32(typeOid),
    int16(-1),
    int32(typeModifier),
    int16(0),
  ]);
}

const PARSE_BIND = Buffer.concat([message('1'), message('2')]);
const READY = message('Z', Buffer.from('I'));

describe('readResult', () => {
  it('reads columns, rows with NULLs and multi-byte text, and the command tag', () => {
    const data = Buffer.concat([
      PARSE_BIND,
      message('T', int16(2), field('name', 25, -1, 16384, 2), field('cpe', 1700, 786438)),
      message('D', int16(2), value("O'Brien – ✓ 🎓"), value('12.50')),
      message('D', int16(2), value(''), value(null)),
      message('C', cstring('SELECT 2')),
      READY,
    ]);

    expect(readResult(new Uint8Array(data))).toEqual({
      fields: [
        { name: 'name', typeOid: 25, typeModifier: -1, tableOid: 16384, columnNumber: 2 },
        { name: 'cpe', typeOid: 1700, typeModifier: 786438, tableOid: 0, columnNumber: 0 },
      ],
      rows: [
        ["O'Brien – ✓ 🎓", '12.50'],
        ['', null],
      ],
      command: 'SELECT',
      rowCount: 2,
    });
  });

  it('answers no result set for a statement without one', () => {
    const data = Buffer.concat([
      PARSE_BIND,
      message('n'),
      message('C', cstring('UPDATE 3')),
      READY,
    ]);

    expect(readResult(data)).toEqual({ fields: null, rows: [], command: 'UPDATE', rowCount: 3 });
  });

  it('reads a view into a larger buffer from its own offset', () => {
    const inner = Buffer.concat([PARSE_BIND, message('C', cstring('INSERT 0 1')), READY]);
    const outer = Buffer.concat([Buffer.from('garbage'), inner, Buffer.from('more')]);

    const view = new Uint8Array(outer.buffer, outer.byteOffset + 7, inner.length);

    expect(readResult(view)).toMatchObject({ command: 'INSERT', rowCount: 1 });
  });

  it('throws the ErrorResponse with its fields as a SqlError', () => {
    const error = Buffer.concat([
      Buffer.from('S'),
      cstring('ERREUR'),
      Buffer.from('V'),
      cstring('ERROR'),
      Buffer.from('C'),
      cstring('23505'),
      Buffer.from('M'),
      cstring('duplicate key value violates unique constraint "users_email_lower_key"'),
      Buffer.from('D'),
      cstring('Key (lower(email))=(a@b.co) already exists.'),
      Buffer.from('P'),
      cstring('15'),
      Buffer.from([0]),
    ]);
    const data = Buffer.concat([PARSE_BIND, message('E', error), READY]);

    let thrown: unknown;
    try {
      readResult(data);
    } catch (e) {
      thrown = e;
    }

    expect(thrown).toBeInstanceOf(SqlError);
    expect(thrown).toMatchObject({
      severity: 'ERROR',
      code: '23505',
      message: 'duplicate key value violates unique constraint "users_email_lower_key"',
      detail: 'Key (lower(email))=(a@b.co) already exists.',
      position: '15',
      hint: undefined,
    });
  });
});
