import * as XLSX from 'xlsx';
import { PRODUCT_EXPORT_PAGE_SIZE } from '../../domain/product';
import { categoryName, seoulDateTime, type Product } from './api';

/** Writes a workbook (saves it as a download in the app; tests inject one that keeps it). */
export type WorkbookWriter = (workbook: XLSX.WorkBook, fileName: string) => void | Promise<void>;

export const EXPORT_HEADERS = ['상품번호', '상품명', '브랜드', '모델번호', '바코드', '모델명', '카테고리', '가격', '결제 금액', '소재', '사이즈', '무게', '보증 내용', '이미지 URL', '등록일'] as const;

function rowOf(p: Product): (string | number | null)[] {
  return [
    p.idx ?? (p.id as number),
    p.name,
    p.brandName ?? '',
    p.code ?? '',
    p.barcode ?? '',
    p.modelNum ?? '',
    categoryName(p),
    p.price,
    p.paymentAmount,
    p.material ?? '',
    p.size ?? '',
    p.weight ?? '',
    p.warranty ?? '',
    p.productImage?.url ?? '',
    seoulDateTime(p.createdAt),
  ];
}

export const writeXlsxFile: WorkbookWriter = (workbook, fileName) => {
  XLSX.writeFile(workbook, fileName, { compression: true });
};

/**
 * The product export (spec 2 sections 7, 9): pages of 1,000 with the list's filters until a short
 * page (or the total) is reached, then one sheet with Korean headers, written by `write`.
 */
export async function exportProducts({
  fetchPage,
  onProgress,
  write = writeXlsxFile,
  fileName,
  pageSize = PRODUCT_EXPORT_PAGE_SIZE,
  signal,
}: {
  fetchPage: (page: number, pageSize: number) => Promise<{ data: Product[]; total?: number }>;
  onProgress?: (done: number, total: number | undefined) => void;
  write?: WorkbookWriter;
  fileName: string;
  pageSize?: number;
  signal?: AbortSignal;
}): Promise<number> {
  const rows: (string | number | null)[][] = [];
  let total: number | undefined;
  for (let page = 1; ; page += 1) {
    if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    const { data, total: t } = await fetchPage(page, pageSize);
    if (t !== undefined) total = t;
    for (const p of data) rows.push(rowOf(p));
    onProgress?.(rows.length, total);
    if (data.length < pageSize || (total !== undefined && rows.length >= total)) break;
  }
  const sheet = XLSX.utils.aoa_to_sheet([[...EXPORT_HEADERS], ...rows]);
  sheet['!cols'] = EXPORT_HEADERS.map((h) => ({ wch: h === '보증 내용' ? 40 : h === '상품명' ? 30 : 14 }));
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, '상품');
  await write(workbook, fileName);
  return rows.length;
}
