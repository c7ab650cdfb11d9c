import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { stores } from '../../db/schema';

/** Stores of one tenant; every query is scoped by tenant_idx, so another tenant's idx is not found. */
const columns = { idx: stores.idx, name: stores.name, tag: stores.tag, pinned: stores.pinned, createdAt: stores.createdAt };
type Row = { idx: number; name: string; tag: string | null; pinned: 'Y' | 'N'; createdAt: Date };
const toStore = (r: Row) => ({ ...r, createdAt: r.createdAt.toISOString() });
const storeOf = (tenantIdx: number, idx: number) => and(eq(stores.tenantIdx, tenantIdx), eq(stores.idx, idx));
/** Pinned first ('Y' > 'N'), then by name; the order of the store pickers. */
const pickerOrder = [desc(stores.pinned), asc(stores.name), asc(stores.idx)];

export type StoreValues = { name: string; tag: string | null; pinned: 'Y' | 'N' };

export async function listAllStores(db: Db, tenantIdx: number) {
  const rows = await db.select(columns).from(stores).where(eq(stores.tenantIdx, tenantIdx)).orderBy(...pickerOrder);
  return rows.map(({ idx, name, tag, pinned }) => ({ idx, name, tag, pinned }));
}

export async function listStores(db: Db, tenantIdx: number, page: number, pageSize: number, search: string | null) {
  const where = and(eq(stores.tenantIdx, tenantIdx), search ? sql`${stores.name} ILIKE ${`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db.select(columns).from(stores).where(where).orderBy(...pickerOrder).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ total: count() }).from(stores).where(where),
  ]);
  return { list: rows.map(toStore), total };
}

export async function createStore(db: Db, tenantIdx: number, values: StoreValues, now: Date) {
  const [row] = await db.insert(stores).values({ ...values, tenantIdx, createdAt: now }).returning(columns);
  return toStore(row);
}

export async function updateStore(db: Db, tenantIdx: number, idx: number, values: StoreValues) {
  const [row] = await db.update(stores).set(values).where(storeOf(tenantIdx, idx)).returning(columns);
  return row ? toStore(row) : null;
}

export async function deleteStore(db: Db, tenantIdx: number, idx: number): Promise<boolean> {
  return (await db.delete(stores).where(storeOf(tenantIdx, idx)).returning({ idx: stores.idx })).length > 0;
}
