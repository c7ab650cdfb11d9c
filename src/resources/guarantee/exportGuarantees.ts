import { NFT_EXPORT_PAGE_SIZE } from '../../domain/guarantee';
import type { guaranteeResource } from '../../domain/resources/guarantee';
import guaranteeKo from '../../i18n/resources/guarantee.ko';
import { exportPages, type ExportCell, type ExportPagesOptions, type ExportSheet } from '../../framework/list/exportPages';
import { categoryName, seoulDateTime } from '../product/api';
import { phoneText, routeLabel, statusLabel, type Guarantee } from './api';

/** Headers are the fields' Korean labels (`guarantee.fields.<source>`), whatever the console's language. */
const LABELS = guaranteeKo.guarantee.fields;

/** The history's columns: a field of the guarantee definition and its cell. */
const COLUMNS: readonly [keyof typeof guaranteeResource.fields, (g: Guarantee) => ExportCell][] = [
  ['nftNumber', (g) => g.nftNumber],
  ['nftStatus', (g) => statusLabel(g.nftStatus)],
  ['requestRoute', (g) => routeLabel(g.requestRoute)],
  ['ordererName', (g) => g.ordererName],
  ['ordererCountryCode', (g) => g.ordererCountryCode],
  ['ordererTel', (g) => phoneText(g.ordererTel, g.ordererCountryCode)],
  ['orderedAt', (g) => g.orderedAt?.slice(0, 10) ?? ''],
  ['refOrderId', (g) => g.refOrderId ?? ''],
  ['storeName', (g) => g.storeName ?? ''],
  ['brandName', (g) => g.brandName ?? ''],
  ['productName', (g) => g.productName ?? ''],
  ['modelNumber', (g) => g.modelNumber ?? g.productCode ?? ''],
  ['categoryCode', (g) => categoryName({ categoryCode: g.categoryCode, categoryName: g.categoryName })],
  ['price', (g) => g.price],
  ['paymentAmount', (g) => g.paymentAmount],
  ['warrantyDate', (g) => g.warrantyDate ?? ''],
  ['issuedAt', (g) => seoulDateTime(g.issuedAt)],
  ['createdAt', (g) => seoulDateTime(g.createdAt)],
];

const GUARANTEE_SHEET: ExportSheet<Guarantee> = {
  sheetName: '보증서',
  headers: COLUMNS.map(([source]) => LABELS[source]),
  width: (h) => (h === LABELS.productName ? 30 : 16),
  rowOf: (g) => COLUMNS.map(([, cell]) => cell(g)),
};

/** The history export: pages of 1,000 with the list's filters and sort until a short page (or the total), one sheet. */
export const exportGuarantees = (options: ExportPagesOptions<Guarantee>) => exportPages(GUARANTEE_SHEET, options, NFT_EXPORT_PAGE_SIZE);
