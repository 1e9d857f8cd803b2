import { columnMetadata } from './metadata';
import { OID } from './pg-types';

const field = (typeOid: number, typeModifier = -1) => ({
  name: 'c',
  typeOid,
  typeModifier,
  tableOid: 0,
  columnNumber: 0,
});

describe('columnMetadata', () => {
  it('reads precision and scale from the type modifier', () => {
    expect(columnMetadata(field(OID.numeric, ((10 << 16) | 2) + 4), undefined)).toMatchObject({
      type: 2,
      typeName: 'numeric',
      precision: 10,
      scale: 2,
    });
    expect(columnMetadata(field(OID.varchar, 44), undefined)).toMatchObject({ precision: 40 });
  });

  it('uses the catalog for nullability, table and serial columns', () => {
    const catalog = { typeName: 'int8', notNull: true, tableName: 'users', autoIncrement: true };

    expect(columnMetadata(field(OID.int8), catalog)).toMatchObject({
      type: -5,
      typeName: 'bigserial',
      nullable: 0,
      tableName: 'users',
      isAutoIncrement: true,
      isSigned: true,
    });
  });

  it('reports arrays as java.sql.Types.ARRAY and computed columns as nullable', () => {
    expect(
      columnMetadata(field(1007), {
        typeName: '_int4',
        notNull: null,
        tableName: null,
        autoIncrement: false,
      }),
    ).toMatchObject({
      type: 2003,
      typeName: '_int4',
      nullable: 1,
      tableName: '',
    });
  });
});
