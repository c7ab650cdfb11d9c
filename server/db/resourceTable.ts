import { toSnakeCase } from 'drizzle-orm/casing';
import { char, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  DateField, DateTimeField, FieldDef, FlagField, ImageField, ImagesField, IntegerField, ReferencesField, Resource, ResourceDefinition, Said, SelectField, TextField,
} from '../../src/domain/resource';

/**
 * The column of each field kind. Texts, days and selects are NOT NULL when required (an empty
 * optional one is null); flags are char(1) 'Y'/'N' with the field's default; times are timestamptz set on insert;
 * numbers, codes and keys are integers, an image its upload path, a list of keys or of upload paths jsonb.
 */
const COLUMNS = {
  key: (name: string) => serial(name).notNull(),
  integer: (name: string) => integer(name),
  requiredInteger: (name: string) => integer(name).notNull(),
  text: (name: string) => text(name),
  requiredText: (name: string) => text(name).notNull(),
  date: (name: string) => date(name, { mode: 'string' }),
  requiredDate: (name: string) => date(name, { mode: 'string' }).notNull(),
  flag: (name: string, f: FlagField) => char(name, { length: 1 }).$type<'Y' | 'N'>().notNull().default(f.default),
  datetime: (name: string) => timestamp(name, { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  keys: (name: string) => jsonb(name).$type<number[]>().notNull().default([]),
  paths: (name: string) => jsonb(name).$type<string[]>().notNull().default([]),
};
type Built<K extends keyof typeof COLUMNS> = ReturnType<(typeof COLUMNS)[K]>;

/** The column builder type of a field (the key is the read-only integer), so the derived table is as typed as a hand-written one. */
type ColumnOf<F extends FieldDef> = F extends IntegerField & { readOnly: true }
  ? Built<'key'>
  : F extends TextField ? (F extends { required: Said } ? Built<'requiredText'> : Built<'text'>)
  : F extends DateField ? (F extends { required: Said } ? Built<'requiredDate'> : Built<'date'>)
  : F extends SelectField ? (F extends { required: Said } ? Built<'requiredInteger'> : Built<'integer'>)
  : F extends FlagField ? Built<'flag'>
  : F extends DateTimeField ? Built<'datetime'>
  : F extends ImageField ? Built<'text'>
  : F extends ReferencesField ? Built<'keys'>
  : F extends ImagesField ? Built<'paths'>
  : Built<'integer'>;

type ColumnsOf<F extends Record<string, FieldDef>> = { tenantIdx: ReturnType<typeof tenantIdx> } & {
  [K in keyof F & string as F[K] extends { computed: true } ? never : K]: ColumnOf<F[K]>;
};

const tenantIdx = () => integer('tenant_idx').notNull();

function columnOf(source: string, f: FieldDef, isKey: boolean) {
  const name = toSnakeCase(source);
  if (isKey) return COLUMNS.key(name);
  switch (f.type) {
    case 'text':
      return f.required ? COLUMNS.requiredText(name) : COLUMNS.text(name);
    case 'date':
      return f.required ? COLUMNS.requiredDate(name) : COLUMNS.date(name);
    case 'flag':
      return COLUMNS.flag(name, f);
    case 'datetime':
      return COLUMNS.datetime(name);
    case 'select':
      return f.required ? COLUMNS.requiredInteger(name) : COLUMNS.integer(name);
    case 'integer':
    case 'number':
    case 'reference':
      return COLUMNS.integer(name);
    case 'image':
      return COLUMNS.text(name);
    case 'references':
      return COLUMNS.keys(name);
    case 'images':
      return COLUMNS.paths(name);
  }
}

/** The SQL table of a plain resource: its name in the plural (`store` → `stores`). */
export const tableNameOf = (def: Pick<Resource, 'name'>) => `${def.name}s`;

const definitionOfTable = new WeakMap<object, Resource>();

/** The definition a table was derived from (server/modules/resources.ts serves each such table's routes). */
export const resourceOfTable = (table: unknown): Resource | undefined => (table && typeof table === 'object' ? definitionOfTable.get(table) : undefined);

/**
 * The Drizzle table of a plain resource, derived from its definition (issue 10): `tenant_idx`
 * first, then one snake_case column per field of its kind, the primary key (tenant_idx, key), and
 * one tenant-leading index on the list's order (its fields before the key), which every list page
 * and the unpaged picker read. Exported from server/db/schema.ts, so `npm run db:generate` writes
 * the migration of a new or changed field.
 */
export function resourceTable<F extends Record<string, FieldDef>>(def: ResourceDefinition<F>) {
  const name = tableNameOf(def);
  const columns = Object.fromEntries([
    ['tenantIdx', tenantIdx()],
    ...Object.entries(def.fields).filter(([, f]) => !f.computed).map(([source, f]) => [source, columnOf(source, f, source === def.idField)]),
  ]) as ColumnsOf<F>;
  const orderFields = def.list.order.map((o) => o.field).filter((f) => f !== def.idField);
  const table = pgTable(name, columns, (table) => {
    const t = table as unknown as Record<string, AnyPgColumn>;
    return [
      primaryKey({ columns: [t.tenantIdx, t[def.idField]] }),
      ...(orderFields.length ? [index(`${name}_tenant_${orderFields.map(toSnakeCase).join('_')}`).on(t.tenantIdx, ...orderFields.map((f) => t[f]))] : []),
    ];
  });
  definitionOfTable.set(table, def);
  return table;
}
