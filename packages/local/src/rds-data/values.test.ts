import { OID } from './pg-types';
import {
  DEFAULT_RESULT_SET_OPTIONS,
  formatTimestamp,
  parseArrayLiteral,
  timestamptzToUtc,
  toField,
  toJsonValue,
} from './values';

const defaults = DEFAULT_RESULT_SET_OPTIONS;

describe('formatTimestamp', () => {
  it.each([
    ['2024-01-02 03:04:05.120000', '2024-01-02 03:04:05.12'],
    ['2024-01-02 03:04:05.000', '2024-01-02 03:04:05'],
    ['2024-01-02 03:04:05', '2024-01-02 03:04:05'],
    ['2024-01-02 03:04:05.123456', '2024-01-02 03:04:05.123456'],
    ['infinity', 'infinity'],
    ['0044-03-15 12:00:00 BC', '0044-03-15 12:00:00 BC'],
  ])('%s -> %s', (input, expected) => {
    expect(formatTimestamp(input)).toBe(expected);
  });
});

describe('timestamptzToUtc', () => {
  it.each([
    ['2024-01-02 03:04:05.123+00', '2024-01-02 03:04:05.123'],
    ['2024-01-02 03:04:05.123+10', '2024-01-01 17:04:05.123'],
    ['2024-01-01 23:30:00-05:30', '2024-01-02 05:00:00'],
    ['2024-03-01 00:00:00.5+01', '2024-02-29 23:00:00.5'],
    ['0099-06-01 00:00:00+00', '0099-06-01 00:00:00'],
    ['-infinity', '-infinity'],
  ])('%s -> %s', (input, expected) => {
    expect(timestamptzToUtc(input)).toBe(expected);
  });
});

describe('parseArrayLiteral', () => {
  it('reads NULLs, quoted elements with escapes, and nesting', () => {
    expect(parseArrayLiteral('{1,NULL,3}')).toEqual(['1', null, '3']);
    expect(parseArrayLiteral('{"a,b","c \\"d\\"","NULL",e}')).toEqual([
      'a,b',
      'c "d"',
      'NULL',
      'e',
    ]);
    expect(parseArrayLiteral('{{1,2},{3,4}}')).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(parseArrayLiteral('{}')).toEqual([]);
    expect(parseArrayLiteral('[0:1]={7,8}')).toEqual(['7', '8']);
  });

  it('refuses text that is not an array', () => {
    expect(() => parseArrayLiteral('1,2')).toThrow('malformed array literal');
  });
});

describe('toField', () => {
  it.each([
    [null, OID.int4, { isNull: true }],
    ['42', OID.int2, { longValue: 42 }],
    ['42', OID.int8, { longValue: 42 }],
    ['1.5', OID.float8, { doubleValue: 1.5 }],
    ['NaN', OID.float8, { stringValue: 'NaN' }],
    ['10.50', OID.numeric, { stringValue: '10.50' }],
    ['t', OID.bool, { booleanValue: true }],
    ['f', OID.bool, { booleanValue: false }],
    ['\\x0a0b', OID.bytea, { blobValue: 'Cgs=' }],
    ['2024-01-02', OID.date, { stringValue: '2024-01-02' }],
    ['2024-01-02 03:04:05.100', OID.timestamp, { stringValue: '2024-01-02 03:04:05.1' }],
    ['2024-01-02 03:04:05+02', OID.timestamptz, { stringValue: '2024-01-02 01:04:05' }],
    [
      'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
      OID.uuid,
      { stringValue: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11' },
    ],
    ['{"a": 1}', OID.jsonb, { stringValue: '{"a": 1}' }],
    ['happy', 99999, { stringValue: 'happy' }],
    ['{1,NULL}', 1007, { arrayValue: { longValues: [1, null] } }],
    ['{1.5,2}', 1022, { arrayValue: { doubleValues: [1.5, 2] } }],
    ['{t,f}', 1000, { arrayValue: { booleanValues: [true, false] } }],
    ['{1.50}', 1231, { arrayValue: { stringValues: ['1.50'] } }],
    [
      '{{1,2},{3}}',
      1007,
      { arrayValue: { arrayValues: [{ longValues: [1, 2] }, { longValues: [3] }] } },
    ],
  ])('%s of type %i -> %j', (text, oid, expected) => {
    expect(toField(text, oid, defaults)).toEqual(expected);
  });

  it('follows resultSetOptions', () => {
    const options = { decimalReturnType: 'DOUBLE_OR_LONG', longReturnType: 'STRING' } as const;

    expect(toField('10.25', OID.numeric, options)).toEqual({ doubleValue: 10.25 });
    expect(toField('10', OID.numeric, options)).toEqual({ longValue: 10 });
    expect(toField('7', OID.int4, options)).toEqual({ stringValue: '7' });
  });
});

describe('toJsonValue', () => {
  it('keeps numbers as numbers, numeric as a string, and arrays as arrays', () => {
    expect(toJsonValue('7', OID.int4, defaults)).toBe(7);
    expect(toJsonValue('2.5', OID.float4, defaults)).toBe(2.5);
    expect(toJsonValue('2.50', OID.numeric, defaults)).toBe('2.50');
    expect(toJsonValue('t', OID.bool, defaults)).toBe(true);
    expect(toJsonValue(null, OID.text, defaults)).toBeNull();
    expect(toJsonValue('{{1,NULL}}', 1007, defaults)).toEqual([[1, null]]);
  });
});
