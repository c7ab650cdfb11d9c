import * as XLSX from 'xlsx';
import { NFT_EXPORT_HEADERS, NFT_EXPORT_PAGE_SIZE } from '../../domain/guarantee';
import { categoryName, seoulDateTime } from '../product/api';
import { writeXlsxFile, type WorkbookWriter } from '../product/exportProducts';
import { phoneText, routeLabel, statusLabel, type Guarantee } from './api';

function rowOf(g: Guarantee): (string | number | null)[] {
  return [
    g.nftNumber,
    statusLabel(g.nftStatus),
    routeLabel(g.requestRoute),
    g.ordererName,
    g.ordererCountryCode,
    phoneText(g.ordererTel, g.ordererCountryCode),
    g.orderedAt?.slice(0, 10) ?? '',
    g.refOrderId ?? '',
    g.storeName ?? '',
    g.brandName ?? '',
    g.productName ?? '',
    g.modelNumber ?? g.productCode ?? '',
    categoryName({ categoryCode: g.categoryCode, categoryName: g.categoryName }),
    g.price,
    g.paymentAmount,
    g.warrantyDate ?? '',
    seoulDateTime(g.issuedAt),
    seoulDateTime(g.createdAt),
  ];
}

/** The history export: pages of 1,000 with the list's filters and sort until a short page (or the total), one sheet. */
export async function exportGuarantees({
  fetchPage,
  onProgress,
  write = writeXlsxFile,
  fileName,
  pageSize = NFT_EXPORT_PAGE_SIZE,
  signal,
}: {
  fetchPage: (page: number, pageSize: number) => Promise<{ data: Guarantee[]; total?: number }>;
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
    for (const g of data) rows.push(rowOf(g));
    onProgress?.(rows.length, total);
    if (data.length < pageSize || (total !== undefined && rows.length >= total)) break;
  }
  const sheet = XLSX.utils.aoa_to_sheet([[...NFT_EXPORT_HEADERS], ...rows]);
  sheet['!cols'] = NFT_EXPORT_HEADERS.map((h) => ({ wch: h === '상품명' ? 30 : 16 }));
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, '보증서');
  await write(workbook, fileName);
  return rows.length;
}
