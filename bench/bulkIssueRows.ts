/** What both bulk-issue benchmarks share (bench/bulkIssue.ts, bench/bulkIssueIndexes.ts): the rows, and the schema before migration 0015. */
import fs from 'node:fs';
import path from 'node:path';
import type { GuaranteeSheetRow } from '../src/domain/guaranteeSheet';

/** Migration 0010's bigram function: a set-returning SQL query per row (the schema before 0015). */
const SQL_BIGRAMS = `CREATE OR REPLACE FUNCTION nft_search_bigrams(orderer_name text, product_name text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT f.prefix || substr(f.v, i, 2)), '{}')
  FROM (VALUES ('o', lower(orderer_name)), ('p', lower(product_name))) AS f(prefix, v),
       generate_series(1, coalesce(length(f.v), 0) - 1) AS i
  $$`;

/** Back to the schema of migration 0014 (from 0015's): its two btrees and its bigram function. */
export const BEFORE_0015 = [SQL_BIGRAMS, 'CREATE INDEX nfts_tenant_tel ON nfts (tenant_idx, orderer_tel)', 'CREATE INDEX nfts_tenant_number ON nfts (tenant_idx, nft_number)'];

/** Migration 0015's statements, from its file. */
export const MIGRATION_0015 = fs.readFileSync(path.resolve(import.meta.dirname, '../server/db/migrations/0015_cheaper_nft_issue_indexes.sql'), 'utf8')
  .split('--> statement-breakpoint').map((s) => s.trim()).filter(Boolean);

/** Catalogue names of the demo brand's model numbers (a row naming one must carry its name). */
export const CATALOGUE = [
  ['DB-BAG-001', '시그니처 레더 토트백'],
  ['DB-WAL-002', '장지갑 지퍼 어라운드'],
  ['DB-WAT-001', '오토매틱 다이버 워치 41mm'],
] as const;

/** Row i of a run: a distinct Korean mobile per row (10,000 customers), one in 4 with a catalogue model number. */
export function benchRow(run: string, i: number): GuaranteeSheetRow {
  const model = i % 4 === 0 ? CATALOGUE[(i / 4) % CATALOGUE.length] : null;
  return {
    ordererName: `벤치 고객 ${i}`,
    ordererTel: `010-${String(2000 + Math.floor(i / 10_000)).padStart(4, '0')}-${String(i % 10_000).padStart(4, '0')}`,
    ordererCountryCode: '82',
    orderedAt: '2026-01-05',
    productName: model ? model[1] : `벤치 상품 ${i % 50}`,
    modelNumber: model ? model[0] : null,
    categoryCode: 1 + (i % 7),
    price: 150_000,
    paymentAmount: 140_000,
    refOrderId: `${run}-${i}`,
    storeName: '신세계 강남점',
  };
}
