import { SqlError } from './backend';
import { DataApiError, databaseErrorMessage, toDataApiError } from './errors';

describe('databaseErrorMessage', () => {
  it('renders PostgreSQL errors the way the Data API passes them on', () => {
    const error = new SqlError({
      message: 'duplicate key value violates unique constraint "t_pkey"',
      code: '23505',
      detail: 'Key (id)=(1) already exists.',
    });

    expect(databaseErrorMessage(error)).toBe(
      'ERROR: duplicate key value violates unique constraint "t_pkey"\n  Detail: Key (id)=(1) already exists.; SQLState: 23505',
    );
  });
});

describe('toDataApiError', () => {
  it('keeps DataApiErrors, turns SqlErrors into DatabaseErrorException and hides anything else', () => {
    const own = new DataApiError('TransactionNotFoundException', 'gone');

    const database = toDataApiError(
      new SqlError({ message: 'nope', code: '42P01', position: '15' }),
    );
    const unexpected = toDataApiError(new TypeError('secret internals'));

    expect(toDataApiError(own)).toBe(own);
    expect(own.status).toBe(404);
    expect(database).toMatchObject({ type: 'DatabaseErrorException', status: 400 });
    expect(database.message).toBe('ERROR: nope\n  Position: 15; SQLState: 42P01');
    expect(unexpected).toMatchObject({ type: 'InternalServerErrorException', status: 500 });
    expect(unexpected.message).not.toContain('secret');
  });
});
