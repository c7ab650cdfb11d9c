/** The rows both bulk-issue benchmarks send (bench/bulkIssue.ts, bench/bulkIssueIndexes.ts). */
import type { GuaranteeSheetRow } from '../src/domain/guaranteeSheet';

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
