import * as yup from 'yup';

/**
 * The ranges of the integer column types of server/db/schema.ts, the one place that knows them. A
 * value outside its column's range cannot be stored, and a key outside it cannot name a row, so it is
 * refused as the field's own 400 before it reaches the driver (where it would be a 500). The domain's
 * yup schemas take their bounds from here, and so do the JSON Schemas derived from them (OpenAPI shows
 * `minimum`/`maximum`) and the path-key parser (server/http/params.ts).
 */
export const COLUMN_RANGE = {
  smallint: { min: -32_768, max: 32_767 },
  integer: { min: -2_147_483_648, max: 2_147_483_647 },
  /** A bigint read in number mode: only the safe integers survive the round trip. */
  bigint: { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
} as const;
export type ColumnType = keyof typeof COLUMN_RANGE;

/** A row key (`serial` or an `integer` column naming one): 1 up to the integer column's largest value. */
export const IDX_MIN = 1;
export const IDX_MAX = COLUMN_RANGE.integer.max;

/** Whether a value can be the key of a row. */
export const isIdx = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= IDX_MIN && v <= IDX_MAX;

/** The JSON Schema of a row key, for documents written by hand (OpenAPI parameters, bodies not derived from yup). */
export const idxJson = (description?: string) => ({ type: 'integer', minimum: IDX_MIN, maximum: IDX_MAX, ...(description ? { description } : {}) });

/**
 * A row key in a body: whole, IDX_MIN to IDX_MAX, one message for anything else (the field's own:
 * "choose a store"). Optional: chain `.required()` or `.nullable()` as the field needs.
 */
export const idxSchema = (message: string) => yup.number().typeError(message).integer(message).min(IDX_MIN, message).max(IDX_MAX, message);

/** A whole number that fits a column of `type` (and any tighter bounds of the rule), one message for anything else. */
export const columnIntSchema = (type: ColumnType, message: string, bounds: { min?: number; max?: number } = {}) =>
  yup.number().typeError(message).integer(message)
    .min(Math.max(bounds.min ?? COLUMN_RANGE[type].min, COLUMN_RANGE[type].min), message)
    .max(Math.min(bounds.max ?? COLUMN_RANGE[type].max, COLUMN_RANGE[type].max), message);
