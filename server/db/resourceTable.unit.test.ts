import { getTableConfig, type PgColumn } from 'drizzle-orm/pg-core';
import { defineResource, field } from '../../src/domain/resource';
import { RESOURCE_DEFINITIONS } from '../../src/domain/resources';
import { storeResource } from '../../src/domain/resources/store';
import { productResource } from '../../src/domain/resources/product';
import { exampleResource } from '../../src/domain/testing/exampleResource';
import * as schema from './schema';
import { resourceOfTable, resourceTable } from './resourceTable';
import { RESOURCE_ROUTES } from '../modules/resources';

const describeColumn = (c: PgColumn) => [c.name, c.getSQLType(), c.notNull ? 'not null' : 'null', c.hasDefault ? 'default' : ''].join(' ').trim();

describe('resourceTable', () => {
  it('derives a table like the stores\': tenant_idx, a snake_case column per field, the key with the tenant, the list order index', () => {
    const config = getTableConfig(resourceTable(exampleResource));
    expect(config.name).toBe('examples');
    expect(config.columns.map(describeColumn)).toEqual([
      'tenant_idx integer not null', 'idx serial not null default', 'name text not null', 'tag text null',
      'pinned char(1) not null default', 'created_at timestamp with time zone not null default',
    ]);
    expect(config.columns.find((c) => c.name === 'pinned')?.default).toBe('N');
    expect(config.primaryKeys.map((k) => k.columns.map((c) => c.name))).toEqual([['tenant_idx', 'idx']]);
    expect(config.indexes.map((i) => [i.config.name, i.config.columns.map((c) => (c as PgColumn).name)])).toEqual([
      ['examples_tenant_pinned_name', ['tenant_idx', 'pinned', 'name']],
    ]);
  });

  it('stores a day as date, NOT NULL only when required, and names columns in snake_case', () => {
    const notice = defineResource({
      ...exampleResource, name: 'notice', idField: 'idx', list: { order: [{ field: 'idx', dir: 'desc' }] }, api: {},
      fields: { idx: field.key(), postedOn: field.date({ required: '날짜를 입력해 주세요' }), endsOn: field.date() },
    });
    const config = getTableConfig(resourceTable(notice));
    expect(config.name).toBe('notices');
    expect(config.columns.map(describeColumn)).toEqual(['tenant_idx integer not null', 'idx serial not null default', 'posted_on date not null', 'ends_on date null']);
    // The order is only the key: the primary key serves it, no other index.
    expect(config.indexes).toEqual([]);
  });

  it('stores a select as an integer, NOT NULL when required (issue 22 A2)', () => {
    const notice = defineResource({
      ...exampleResource, name: 'notice', idField: 'idx', list: { order: [{ field: 'idx', dir: 'desc' }] }, api: {},
      fields: { idx: field.key(), kind: field.select({ options: { 1: '공지' }, invalid: 'x', required: '종류를 골라 주세요' }), grade: field.select({ options: { 1: 'A' }, invalid: 'x' }) },
    });
    expect(getTableConfig(resourceTable(notice)).columns.map(describeColumn)).toEqual(['tenant_idx integer not null', 'idx serial not null default', 'kind integer not null', 'grade integer null']);
  });

  it('has a table in server/db/schema.ts for every declared resource, and serves each one\'s routes', () => {
    const derived = Object.values(schema).flatMap((table) => resourceOfTable(table) ?? []);
    // Products keep their hand-written table (search columns) and handlers; every other resource is plain.
    expect([...derived.map((def) => def.name), productResource.name].sort()).toEqual(RESOURCE_DEFINITIONS.map((def) => def.name).sort());
    expect(RESOURCE_ROUTES).toHaveLength(RESOURCE_DEFINITIONS.length);
    expect(resourceOfTable(schema.stores)).toBe(storeResource);
    expect(getTableConfig(schema.stores).indexes.map((i) => i.config.name)).toEqual(['stores_tenant_pinned_name']);
  });
});
