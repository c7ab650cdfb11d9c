import { NFT_EXPORT_HEADERS, NFT_EXPORT_PAGE_SIZE } from '../../domain/guarantee';
import { exportPages, type ExportPagesOptions, type ExportSheet } from '../../custom/list/exportPages';
import { categoryName, seoulDateTime } from '../product/api';
import { phoneText, routeLabel, statusLabel, type Guarantee } from './api';

const GUARANTEE_SHEET: ExportSheet<Guarantee> = {
  sheetName: '보증서',
  headers: NFT_EXPORT_HEADERS,
  width: (h) => (h === '상품명' ? 30 : 16),
  rowOf: (g) => [
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
  ],
};

/** The history export: pages of 1,000 with the list's filters and sort until a short page (or the total), one sheet. */
export const exportGuarantees = (options: ExportPagesOptions<Guarantee>) => exportPages(GUARANTEE_SHEET, options, NFT_EXPORT_PAGE_SIZE);
