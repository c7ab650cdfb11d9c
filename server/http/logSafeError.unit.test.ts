import { DrizzleQueryError } from 'drizzle-orm/errors';
import { logSafeError, logSafeMessage } from './logSafeError';

/** The shape of node-postgres' DatabaseError, with the values the server put in it. */
function databaseError(message: string, fields: Record<string, string>) {
  class DatabaseError extends Error {}
  return Object.assign(new DatabaseError(message), fields);
}

describe('errors in logs', () => {
  it('keeps a failed query\'s SQL and the database error\'s code and constraint, never its parameters or detail', () => {
    const cause = databaseError('duplicate key value violates unique constraint "customers_tenant_phone"', {
      code: '23505', constraint: 'customers_tenant_phone', table: 'customers', detail: 'Key (tenant_idx, phone)=(1, 01012345678) already exists.',
    });
    const err = new DrizzleQueryError('insert into "customers" ("phone", "name") values ($1, $2)', ['01012345678', '홍길동'], cause);
    const safe = logSafeError(err);
    expect(safe).toEqual({
      type: 'DrizzleQueryError', message: 'Failed query', stack: expect.stringMatching(/^\s+at /),
      query: 'insert into "customers" ("phone", "name") values ($1, $2)',
      cause: { type: 'DatabaseError', message: 'duplicate key value violates unique constraint "customers_tenant_phone"', stack: expect.any(String), code: '23505', constraint: 'customers_tenant_phone', table: 'customers' },
    });
    expect(JSON.stringify(safe)).not.toMatch(/01012345678|홍길동/);
  });

  it('blanks the quoted values of a message but keeps quoted identifiers', () => {
    expect(logSafeMessage('invalid input syntax for type integer: "01012345678"')).toBe('invalid input syntax for type integer: "[redacted]"');
    expect(logSafeMessage('new row for relation "nfts" violates check constraint "nfts_tel"')).toBe('new row for relation "nfts" violates check constraint "nfts_tel"');
    expect(logSafeMessage("value 'kim@example.test' is not allowed")).toBe("value '[redacted]' is not allowed");
  });

  it('cuts drizzle\'s params line from a message passed as text', () => {
    expect(logSafeError('Failed query: select 1 where phone = $1\nparams: 01012345678')).toEqual({ type: 'string', message: 'Failed query: select 1 where phone = $1', stack: '' });
  });
});
