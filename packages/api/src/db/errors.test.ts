import { API_MESSAGES } from '@cpe/shared/messages';
import { DatabaseError, unavailableErrorFromDatabase, validationErrorFromDatabase } from './errors';

function dataApiError(message: string): Error {
  const error = new Error(message);
  error.name = 'DatabaseErrorException';
  return error;
}

describe('validationErrorFromDatabase (issue 9 item 1: never a 500 for a refused value)', () => {
  it('names the field a CHECK constraint guards, without the row the detail quotes', () => {
    const error = new DatabaseError(
      dataApiError(
        'ERROR: new row for relation "certifications" violates check constraint "certifications_verification_link_check"\n  Detail: Failing row contains (secret data).; SQLState: 23514',
      ),
    );
    const refused = validationErrorFromDatabase(error);
    expect(refused?.status).toBe(400);
    expect(refused?.fields).toEqual({
      verification_link: expect.stringContaining('http') as unknown,
    });
    expect(refused?.message).not.toContain('secret');
    expect(error.message).not.toContain('secret');
  });

  it('names the column of a NOT NULL violation', () => {
    const refused = validationErrorFromDatabase(
      new DatabaseError(
        dataApiError(
          'ERROR: null value in column "earned_date" of relation "certifications" violates not-null constraint; SQLState: 23502',
        ),
      ),
    );
    expect(refused?.fields).toEqual({ earned_date: 'is required' });
  });

  it('names the parameter whose value a type refused, when only one has it', () => {
    const params = { cpe_needed: '1e999', certification_name: 'x' };
    const overflow = new DatabaseError(
      dataApiError('ERROR: invalid input syntax for type numeric: "1e999"; SQLState: 22P02'),
      params,
    );
    expect(validationErrorFromDatabase(overflow)?.fields).toEqual({
      cpe_needed: expect.any(String) as unknown,
    });
    const ambiguous = new DatabaseError(
      dataApiError('ERROR: date/time field value out of range: "2024-13-01"; SQLState: 22008'),
      { earned_date: '2024-13-01', expiry_date: '2024-13-01' },
    );
    expect(validationErrorFromDatabase(ambiguous)?.fields).toEqual({
      body: expect.any(String) as unknown,
    });
  });

  it('leaves conflicts and broken statements alone', () => {
    for (const message of [
      'ERROR: duplicate key value violates unique constraint "users_pkey"; SQLState: 23505',
      'ERROR: update or delete on table "certifications" violates foreign key constraint "x"; SQLState: 23503',
      'ERROR: syntax error at or near "selec"; SQLState: 42601',
      'ERROR: division by zero; SQLState: 22012',
    ]) {
      expect(validationErrorFromDatabase(new DatabaseError(dataApiError(message)))).toBeUndefined();
    }
    expect(validationErrorFromDatabase(new Error('boom'))).toBeUndefined();
  });
});

describe('unavailableErrorFromDatabase (issue 14: a connection lost mid-request)', () => {
  it('answers 503 with Retry-After for a terminated backend or a lost connection', () => {
    for (const message of [
      'FATAL: terminating connection due to administrator command; SQLState: 57P01',
      'FATAL: the database system is starting up; SQLState: 57P03',
      'Communications link failure; SQLState: 08S01',
    ]) {
      const unavailable = unavailableErrorFromDatabase(new DatabaseError(dataApiError(message)));
      expect(unavailable).toMatchObject({
        status: 503,
        message: API_MESSAGES.databaseInterrupted,
        headers: { 'Retry-After': expect.stringMatching(/^[1-9]\d*$/) as unknown },
      });
    }
  });

  it('leaves every other database error alone', () => {
    for (const message of [
      'ERROR: duplicate key value violates unique constraint "users_pkey"; SQLState: 23505',
      'ERROR: canceling statement due to user request; SQLState: 57014',
      'ERROR: syntax error at or near "x"; SQLState: 42601',
    ]) {
      expect(
        unavailableErrorFromDatabase(new DatabaseError(dataApiError(message))),
      ).toBeUndefined();
    }
    expect(unavailableErrorFromDatabase(new Error('57P01'))).toBeUndefined();
  });
});
