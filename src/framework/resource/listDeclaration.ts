import type { ReactNode } from 'react';
import type { RaRecord } from 'react-admin';
import { columnsOf, fieldLabel, searchTypesOf, type Resource } from '../../domain/resource';
import { formatWon } from '../../domain/format';
import { seoulDate, seoulDateTime } from '../../domain/seoulDay';
import type { ColumnSpec, FilterSpec, SearchDeclaration } from '../list';

/** Choices of a reference filter (its records come from the API, e.g. the tenant's brands). */
export type FilterOptions = Partial<Record<string, { value: string; label: string }[]>>;

/**
 * The search panel of a resource from its list options: the search types (`all` as
 * `<name>.searchAll`), the period on its dateRange field, a select kind as checkboxes of its codes, a
 * flag as 전체/예/아니요, a reference as a select of the given options (left out until they are known), the first sortable
 * field, descending, as the default sort.
 */
export function searchDeclarationOf(def: Resource, filterOptions: FilterOptions = {}): SearchDeclaration {
  const filters = (def.list.filters ?? []).flatMap((source): FilterSpec[] => {
    const f = def.fields[source];
    const label = fieldLabel(def, source);
    if (f.type === 'select') return [{ type: 'checkbox', source, label, options: Object.entries(f.options).map(([value, text]) => ({ value, label: text })) }];
    if (f.type === 'flag') return [{ type: 'radio', source, label, options: [{ value: 'Y', label: 'ra.boolean.true' }, { value: 'N', label: 'ra.boolean.false' }] }];
    const options = filterOptions[source];
    return options ? [{ type: 'select', source, label, options }] : [];
  });
  const [defaultSort] = def.list.sortable ?? [];
  return {
    searchTypes: searchTypesOf(def).map((s) => ({ value: s, label: s === 'all' ? `${def.name}.searchAll` : fieldLabel(def, s) })),
    ...(def.list.dateRange ? { dateRange: true, dateLabel: fieldLabel(def, def.list.dateRange) } : {}),
    ...(filters.length ? { filters } : {}),
    ...(defaultSort ? { defaultSort: { field: defaultSort, order: 'DESC' } } : {}),
  };
}

/** A field of a record as text by kind: a Seoul day (with the time on a detail page), a won amount, a code's label, else the value. */
export function cellOf<R extends RaRecord>(def: Resource, source: string, { withTime = false } = {}): (record: R) => ReactNode {
  const f = def.fields[source];
  if (f.type === 'datetime') return (r) => (withTime ? seoulDateTime : seoulDate)(r[source] as string);
  if (f.type === 'number' && f.won) return (r) => formatWon(r[source], '');
  if (f.type === 'select') return (r) => f.options[r[source] as number] ?? '';
  return (r) => (r[source] as ReactNode) ?? '';
}

/** The list columns of a resource (its declared order), sortable where it says so, with bespoke cells by source. */
export function fieldColumns<R extends RaRecord>(def: Resource, cells: Partial<Record<string, (record: R) => ReactNode>> = {}): ColumnSpec<R>[] {
  return columnsOf(def).map((source) => {
    const f = def.fields[source];
    return {
      source,
      label: fieldLabel(def, source),
      render: cells[source] ?? cellOf<R>(def, source),
      ...(def.list.sortable?.includes(source) ? { sortable: true } : {}),
      ...(f.type === 'flag' ? { align: 'center' as const } : f.type === 'number' ? { align: 'right' as const } : {}),
    };
  });
}
