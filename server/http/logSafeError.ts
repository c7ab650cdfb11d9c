/**
 * The log serializer of errors (the `err` key of every log line). A failed query carries the
 * values it was given: drizzle's DrizzleQueryError puts its `params` in its message and stack,
 * and the database's error adds a `detail` like `Key (tenant_idx, phone)=(1, 01012345678)` and
 * messages like `invalid input syntax for type integer: "01012345678"`. Phones, names and e-mail
 * addresses must not reach a log, so only what locates the fault is kept: the error's type, the
 * SQL text (values are bound as parameters, never inlined), the SQLSTATE code, the constraint,
 * table and column, the message with its quoted values blanked, and the stack frames.
 */
export interface LogSafeError {
  type: string;
  message: string;
  /** The frames only ('' when there are none). */
  stack: string;
  query?: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  cause?: LogSafeError;
  [key: string]: unknown;
}

const REDACTED = '[redacted]';
/** Quoted text in a message: kept when it is an SQL identifier (a constraint, a column), else a value. */
const QUOTED = /(["'])(.*?)\1/g;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_$.]*$/;
/** Everything from drizzle's "params:" line on. */
const PARAMS_TAIL = /\n?\s*params:[\s\S]*$/;
/** A cause of a cause of a cause is as deep as a query failure goes (drizzle → driver). */
const MAX_CAUSE_DEPTH = 3;

export function logSafeMessage(message: string): string {
  return message.replace(PARAMS_TAIL, '').replace(QUOTED, (whole, quote: string, inner: string) => (IDENTIFIER.test(inner) ? whole : `${quote}${REDACTED}${quote}`));
}

/** Only the stack frames: the first lines of a stack repeat the message, values included. */
function framesOf(stack: unknown): string {
  if (typeof stack !== 'string') return '';
  return stack.split('\n').filter((line) => /^\s+at /.test(line)).join('\n');
}

const stringField = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** Also takes what is not an Error (a message passed as text): it is scrubbed the same way. */
export function logSafeError(err: unknown, depth = 0): LogSafeError {
  if (!err || typeof err !== 'object') return { type: typeof err, message: logSafeMessage(String(err)), stack: '' };
  const e = err as Record<string, unknown>;
  const isQueryError = typeof e.query === 'string' && 'params' in e;
  const safe: LogSafeError = {
    type: (err as Error).constructor?.name ?? 'Error',
    message: isQueryError ? 'Failed query' : logSafeMessage(String(e.message ?? '')),
    stack: framesOf(e.stack),
    query: isQueryError ? (e.query as string) : undefined,
    code: stringField(e.code),
    constraint: stringField(e.constraint),
    table: stringField(e.table),
    column: stringField(e.column),
  };
  if (e.cause !== undefined && depth < MAX_CAUSE_DEPTH) safe.cause = logSafeError(e.cause, depth + 1);
  for (const key of Object.keys(safe)) if (safe[key] === undefined) delete safe[key];
  return safe;
}
