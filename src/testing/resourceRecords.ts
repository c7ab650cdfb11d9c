import type { RaRecord } from 'react-admin';
import type { FieldDef, RecordOf, Resource } from '../domain/resource';

type Definition = Resource & { fields: Record<string, FieldDef> };

/**
 * A record of a declared resource as its API answers it, for msw fakes: the given values, every
 * other field empty (null; a flag its default), and react-admin's `id`. A field added to the
 * definition later is then present in every fake record without editing the tests.
 */
export function recordOf<D extends Definition>(def: D, values: Partial<RecordOf<D>>): RaRecord & RecordOf<D> {
  const empty = Object.fromEntries(Object.entries(def.fields).map(([source, f]) => [source, f.type === 'flag' ? f.default : null]));
  const record = { ...empty, ...values } as RecordOf<D>;
  return { id: record[def.idField as keyof RecordOf<D>] as RaRecord['id'], ...record };
}
