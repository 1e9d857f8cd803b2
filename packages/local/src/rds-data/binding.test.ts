import { bindStatement, bindValue } from './binding';
import { DataApiError } from './errors';
import { OID } from './pg-types';

describe('bindValue', () => {
  it.each([
    [{ value: { stringValue: 'x' } }, { typeOid: OID.varchar, text: 'x' }],
    [
      { value: { stringValue: '2024-01-02' }, typeHint: 'DATE' },
      { typeOid: OID.date, text: '2024-01-02' },
    ],
    [
      { value: { stringValue: '03:04:05' }, typeHint: 'TIME' },
      { typeOid: OID.time, text: '03:04:05' },
    ],
    [
      { value: { stringValue: '2024-01-02 03:04:05' }, typeHint: 'TIMESTAMP' },
      { typeOid: OID.timestamp, text: '2024-01-02 03:04:05' },
    ],
    [
      { value: { stringValue: '1.50' }, typeHint: 'DECIMAL' },
      { typeOid: OID.numeric, text: '1.50' },
    ],
    [
      { value: { stringValue: '{}' }, typeHint: 'JSON' },
      { typeOid: OID.json, text: '{}' },
    ],
    [
      { value: { stringValue: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11' }, typeHint: 'UUID' },
      { typeOid: OID.uuid, text: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11' },
    ],
    [{ value: { longValue: -5 } }, { typeOid: OID.int8, text: '-5' }],
    [{ value: { doubleValue: 0.25 } }, { typeOid: OID.float8, text: '0.25' }],
    [{ value: { booleanValue: false } }, { typeOid: OID.bool, text: 'false' }],
    [{ value: { blobValue: 'AP8=' } }, { typeOid: OID.bytea, text: '\\x00ff' }],
    [{ value: { isNull: true } }, { typeOid: 0, text: null }],
  ] as const)('%j binds as %j', (parameter, expected) => {
    expect(bindValue(parameter, 'p')).toEqual(expected);
  });

  it('refuses array values and empty values, naming the parameter', () => {
    expect(() => bindValue({ value: { arrayValue: { longValues: [1] } } }, 'ids')).toThrow(
      // eslint-disable-next-line @typescript-eslint/no-unsafe-argument -- @types/jest types matchers as any and leaves them out of toThrow's parameter.
      expect.objectContaining({
        type: 'BadRequestException',
        message: expect.stringContaining('ids') as unknown,
      }),
    );
    expect(() => bindValue({ value: {} }, 'blank')).toThrow(DataApiError);
  });
});

describe('bindStatement', () => {
  it('numbers named parameters and binds them by name, in any order', () => {
    const statement = bindStatement('select :b, :a, :b::text', [
      { name: 'a', value: { longValue: 1 } },
      { name: 'b', value: { stringValue: 'two' } },
      { name: 'unused', value: { longValue: 3 } },
    ]);

    expect(statement).toEqual({
      text: 'select $1, $2, $1::text',
      parameters: [
        { typeOid: OID.varchar, text: 'two' },
        { typeOid: OID.int8, text: '1' },
      ],
    });
  });

  it('refuses a placeholder with no parameter, naming it', () => {
    expect(() => bindStatement('select :missing', [])).toThrow(
      // eslint-disable-next-line @typescript-eslint/no-unsafe-argument -- @types/jest types matchers as any and leaves them out of toThrow's parameter.
      expect.objectContaining({
        type: 'BadRequestException',
        message: expect.stringContaining('missing') as unknown,
      }),
    );
  });
});
