import { and, asc, eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { customers, nfts } from '../../db/schema';
import { DEFAULT_COUNTRY_CODE, NFT_STATUS } from '../../../src/domain/guarantee';
import { seoulDate } from '../../../src/domain/seoulDay';
import type { MessagingProvider } from '../../providers/messaging';
import { rowsOf, type Tenant } from '../products/service';
import type { NftValues } from './issue';
import { queueIssuedMessages } from './notify';
import { accrueForIssued } from '../stamps/accrue';
import { afterMembershipsIssued, membershipHeldViolation } from '../memberships/grants';
import { supersedeExpiredMemberships } from '../memberships/held';
import { nftOf } from './rows';
import { isUniqueViolationOf } from '../../http/errors';

/**
 * Writing issued certificates: the customers they belong to (found or created by phone), the set-based
 * insert of a batch (idempotent per batch key) with its 알림톡, and the update of one certificate.
 */

type InsertKey<T extends PgTable> = keyof T['$inferInsert'] & keyof T['_']['columns'] & string;

/**
 * `SELECT ... FROM jsonb_to_recordset($1)` for a multi-row INSERT: the rows travel as one JSON
 * parameter, typed by the table's own column types. Far cheaper on both drivers than thousands of
 * bind parameters (a 1,000-row chunk of 38 columns), and one statement all the same.
 */
function recordset<T extends PgTable>(table: T, keys: InsertKey<T>[], rows: Record<string, unknown>[]) {
  const cols = keys.map((k) => (table as unknown as Record<string, PgColumn>)[k]);
  const typeOf = (c: PgColumn) => (c.getSQLType() === 'serial' ? 'integer' : c.getSQLType());
  const json = JSON.stringify(rows.map((r) => Object.fromEntries(keys.map((k, i) => [cols[i].name, r[k] ?? null]))));
  return {
    columns: sql.raw(cols.map((c) => `"${c.name}"`).join(', ')),
    select: sql`SELECT ${sql.raw(cols.map((c) => `"${c.name}"`).join(', '))} FROM jsonb_to_recordset(${json}::jsonb) AS x(${sql.raw(cols.map((c) => `"${c.name}" ${typeOf(c)}`).join(', '))})`,
  };
}

/**
 * Finds or creates the customers of these phones in one statement (deduplicated by country code and
 * phone first, sorted so concurrent requests lock in the same order). Returns `<cc>:<phone>` → idx.
 */
async function upsertCustomers(db: Db, tenantIdx: number, values: NftValues[], now: Date): Promise<Map<string, number>> {
  const byPhone = new Map<string, { countryCode: string; phone: string; name: string }>();
  for (const v of values) {
    const key = `${v.ordererCountryCode}:${v.ordererTel}`;
    if (!byPhone.has(key)) byPhone.set(key, { countryCode: v.ordererCountryCode ?? DEFAULT_COUNTRY_CODE, phone: v.ordererTel, name: v.ordererName });
  }
  const unique = [...byPhone.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, c]) => ({ tenantIdx, ...c, createdAt: now, updatedAt: now }));
  const rs = recordset(customers, ['tenantIdx', 'countryCode', 'phone', 'name', 'createdAt', 'updatedAt'], unique);
  const result = await db.execute(sql`INSERT INTO ${customers} (${rs.columns}) ${rs.select}
    ON CONFLICT (tenant_idx, country_code, phone) DO UPDATE SET updated_at = excluded.updated_at
    RETURNING idx, country_code AS "countryCode", phone`);
  return new Map(rowsOf<{ idx: number; countryCode: string; phone: string }>(result).map((r) => [`${r.countryCode}:${r.phone}`, Number(r.idx)]));
}

const NFT_INSERT_KEYS: InsertKey<typeof nfts>[] = [
  'tenantIdx', 'idx', 'nftNumber', 'nftType', 'nftTemplateIdx', 'nftStatus', 'requestRoute', 'customerIdx', 'ordererName', 'ordererTel',
  'ordererCountryCode', 'orderedAt', 'refOrderId', 'storeIdx', 'storeName', 'brandIdx', 'partnersProductIdx', 'productName', 'warrantyDate',
  'price', 'paymentAmount', 'productCode', 'productImage', 'modelNumber', 'categoryCode', 'categoryName', 'material', 'size', 'weight',
  'customField', 'publicToken', 'issueAt', 'issuedAt', 'pointAmount', 'expiresAt', 'batchKey', 'batchRow', 'createdBy', 'createdAt', 'updatedAt',
];

/** Columns of a certificate row that travel in the INSERT's JSON (idx, number and customer are filled in SQL). */
const NFT_ROW_KEYS = NFT_INSERT_KEYS.filter((k) => k !== 'idx' && k !== 'nftNumber' && k !== 'customerIdx');

/**
 * Inserts prepared certificates in ONE statement: the rows travel as one JSON parameter; a CTE
 * finds or creates their customers (deduplicated by country code and phone, the first row's name,
 * sorted so concurrent requests lock in the same order), each row draws its idx from the sequence
 * in row order and gets its number from it, and one multi-row INSERT links the customers. With a
 * batch key each row carries (batch_key, batch_row), batch_row its index in the chunk (`batchRowOf`:
 * a bulk chunk writes only the rows that pass, ./bulk.ts): a retried or concurrent request with the same
 * key inserts nothing and returns [] (its statement fails on the unique index nfts_tenant_batch_row,
 * after waiting for the first one's transaction; a plain INSERT rather than ON CONFLICT DO NOTHING,
 * whose speculative insertion per row made the nfts insert 7–18% dearer: README, Benchmarks). Certificates
 * issued now (status 3) get their 알림톡 in the same transaction; without them the single statement
 * needs none.
 */
export async function insertIssues(
  db: Db, deps: { messaging: MessagingProvider; publicUrl: string }, tenant: Tenant, values: NftValues[], now: Date, batchKey: string | null,
  batchRowOf: (i: number) => number = (i) => i,
): Promise<{ idx: number; nftNumber: string; batchRow: number | null }[]> {
  if (!values.length) return [];
  const yymmdd = seoulDate(now).slice(2).replace(/-/g, '');
  const tokens = randomBytes(24 * values.length);
  const rows: Record<string, unknown>[] = values.map((v, i) => ({
    nftType: 'GUARANTEE', ...v, tenantIdx: tenant.tenantIdx,
    publicToken: tokens.subarray(24 * i, 24 * (i + 1)).toString('base64url'),
    batchKey, batchRow: batchKey === null ? null : batchRowOf(i), createdAt: now, updatedAt: now,
    // nftNumberOf's prefix; the SQL appends the zero-padded idx.
    numberPrefix: `${(v.nftType ?? 'GUARANTEE') === 'MEMBERSHIP' ? 'M' : 'G'}${yymmdd}-`, rowOrder: i,
  }));
  // Columns equal on every row (tenant, route, dates, blanks...) travel once, as one record joined
  // to every row: parsing the JSON is most of the statement's cost on PGlite, and it grows with columns.
  const same = (a: unknown, b: unknown) => a === b || (a instanceof Date && b instanceof Date && a.getTime() === b.getTime());
  const isConstant = (k: InsertKey<typeof nfts>) => rows.every((r) => same(r[k], rows[0][k]));
  const constantKeys = NFT_ROW_KEYS.filter(isConstant);
  const varyingKeys = NFT_ROW_KEYS.filter((k) => !constantKeys.includes(k));
  const column = (k: InsertKey<typeof nfts>) => (nfts as unknown as Record<string, PgColumn>)[k];
  const typed = (keys: InsertKey<typeof nfts>[]) => keys.map((k) => `"${column(k).name}" ${column(k).getSQLType() === 'serial' ? 'integer' : column(k).getSQLType()}`);
  const pick = (r: Record<string, unknown>, keys: InsertKey<typeof nfts>[], extra: Record<string, unknown> = {}) => {
    const o: Record<string, unknown> = extra;
    for (const k of keys) o[column(k).name] = r[k] ?? null;
    return o;
  };
  const perRow = JSON.stringify(rows.map((r) => pick(r, varyingKeys, { number_prefix: r.numberPrefix, row_order: r.rowOrder })));
  const rowType = sql.raw([...typed(varyingKeys), 'number_prefix text', 'row_order integer'].join(', '));
  const shared = constantKeys.length
    ? sql` CROSS JOIN json_to_record(${JSON.stringify(pick(rows[0], constantKeys))}::json) AS k(${sql.raw(typed(constantKeys).join(', '))})`
    : sql``;
  const names = NFT_ROW_KEYS.map((k) => `"${column(k).name}"`);
  const insert = async (q: Db) => {
    const result = await q.execute(sql`WITH x AS (
        SELECT * FROM json_to_recordset(${perRow}::json) AS r(${rowType})${shared}
      ), c AS (
        INSERT INTO ${customers} (tenant_idx, country_code, phone, name, created_at, updated_at)
        SELECT DISTINCT ON (orderer_country_code, orderer_tel) tenant_idx, orderer_country_code, orderer_tel, orderer_name, created_at, updated_at
        FROM x ORDER BY orderer_country_code, orderer_tel, row_order
        ON CONFLICT (tenant_idx, country_code, phone) DO UPDATE SET updated_at = excluded.updated_at
        RETURNING idx, country_code, phone
      ), n AS (
        -- The serial's sequence by name: pg_get_serial_sequence() here ran its catalog lookup once per row.
        SELECT nextval('nfts_idx_seq'::regclass)::int AS idx, o.* FROM (SELECT * FROM x ORDER BY row_order) o
      )
      INSERT INTO ${nfts} (idx, nft_number, customer_idx, ${sql.raw(names.join(', '))})
      SELECT n.idx, n.number_prefix || lpad(n.idx::text, greatest(7, length(n.idx::text)), '0'), c.idx, ${sql.raw(names.map((c) => `n.${c}`).join(', '))}
      FROM n LEFT JOIN c ON c.country_code = n.orderer_country_code AND c.phone = n.orderer_tel
      ORDER BY n.idx
      RETURNING idx, nft_number AS "nftNumber", batch_row AS "batchRow", nft_status AS "nftStatus"`);
    return rowsOf<{ idx: number; nftNumber: string; batchRow: number | null; nftStatus: number }>(result)
      .map((r) => ({ idx: Number(r.idx), nftNumber: r.nftNumber, batchRow: r.batchRow === null ? null : Number(r.batchRow), nftStatus: Number(r.nftStatus) }));
  };
  const strip = (list: Awaited<ReturnType<typeof insert>>) => list.map(({ idx, nftNumber, batchRow }) => ({ idx, nftNumber, batchRow }));
  const memberships = values.some((v) => v.nftType === 'MEMBERSHIP');
  try {
    if (!memberships && !values.some((v) => v.nftStatus === NFT_STATUS.complete)) return strip(await insert(db));
    return await db.transaction(async (tx) => {
      // Expired memberships of the same type and customer stop holding nfts_membership_held (server/modules/memberships/held.ts).
      if (memberships) await supersedeExpiredMemberships(tx, tenant.tenantIdx, values, now);
      const inserted = await insert(tx);
      const issued = inserted.filter((r) => r.nftStatus === NFT_STATUS.complete).map((r) => r.idx);
      await queueIssuedMessages(tx, deps.messaging, deps.publicUrl, tenant.tenantIdx, issued);
      await accrueForIssued(tx, tenant.tenantIdx, issued, now);
      // Memberships issued now: their coupons and points, in the same transaction (server/modules/memberships/grants.ts).
      if (memberships) await afterMembershipsIssued(tx, tenant.tenantIdx, issued, now);
      return strip(inserted);
    });
  } catch (err) {
    // The batch key was used already (a retry, or a concurrent request that committed first): nothing inserted.
    if (batchKey !== null && isUniqueViolationOf(err, 'nfts_tenant_batch_row')) return [];
    // A concurrent issue of the same membership to the same customer (the partial unique index nfts_membership_held).
    throw membershipHeldViolation(err) ?? err;
  }
}

/** The rows of a batch (bulk key or idempotency key), in row order; [] when the key was never used. */
export async function batchRows(db: Db, tenantIdx: number, batchKey: string) {
  return db.select({ row: nfts.batchRow, idx: nfts.idx, nftNumber: nfts.nftNumber }).from(nfts)
    .where(and(eq(nfts.tenantIdx, tenantIdx), eq(nfts.batchKey, batchKey)))
    .orderBy(asc(nfts.batchRow));
}

/** PATCH: new content for an editable certificate (status, dates, customer link and number unchanged). */
export async function updateGuarantee(db: Db, tenantIdx: number, idx: number, values: NftValues, now: Date): Promise<void> {
  const { nftStatus: _s, issueAt: _a, issuedAt: _b, requestRoute: _r, nftType: _t, createdBy: _c, ...content } = values;
  void [_s, _a, _b, _r, _t, _c];
  await db.transaction(async (tx) => {
    const customerIdx = await upsertCustomers(tx, tenantIdx, [values], now);
    await tx.update(nfts).set({ ...content, customerIdx: customerIdx.get(`${values.ordererCountryCode}:${values.ordererTel}`) ?? null, updatedAt: now })
      .where(nftOf(tenantIdx, idx));
  });
}
