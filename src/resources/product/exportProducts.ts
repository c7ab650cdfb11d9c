import { PRODUCT_EXPORT_PAGE_SIZE } from '../../domain/product';
import type { productResource } from '../../domain/resources/product';
import productKo from '../../i18n/resources/product.ko';
import { exportPages, type ExportCell, type ExportPagesOptions, type ExportSheet } from '../../framework/list/exportPages';
import { categoryName, seoulDateTime, type Product } from './api';

type ProductField = keyof typeof productResource.fields;
/**
 * A column's header: the field's Korean label (`product.fields.<source>`), or the export's own where it
 * differs (`product.exportHeaders`); Korean whatever the console's language.
 */
const headerOf = (source: ProductField) => (productKo.product.exportHeaders as Partial<Record<ProductField, string>>)[source] ?? productKo.product.fields[source];

/** The export's columns: a field of the product definition and its cell. */
const COLUMNS: readonly [ProductField, (p: Product) => ExportCell][] = [
  ['idx', (p) => p.idx ?? (p.id as number)],
  ['name', (p) => p.name],
  ['brandName', (p) => p.brandName ?? ''],
  ['code', (p) => p.code ?? ''],
  ['barcode', (p) => p.barcode ?? ''],
  ['modelNum', (p) => p.modelNum ?? ''],
  ['categoryName', (p) => categoryName(p)],
  ['price', (p) => p.price],
  ['paymentAmount', (p) => p.paymentAmount],
  ['material', (p) => p.material ?? ''],
  ['size', (p) => p.size ?? ''],
  ['weight', (p) => p.weight ?? ''],
  ['warranty', (p) => p.warranty ?? ''],
  ['productImage', (p) => p.productImage?.url ?? ''],
  ['createdAt', (p) => seoulDateTime(p.createdAt)],
];
const WIDE: Partial<Record<string, number>> = { [headerOf('warranty')]: 40, [headerOf('name')]: 30 };

const PRODUCT_SHEET: ExportSheet<Product> = {
  sheetName: '상품',
  headers: COLUMNS.map(([source]) => headerOf(source)),
  width: (h) => WIDE[h] ?? 14,
  rowOf: (p) => COLUMNS.map(([, cell]) => cell(p)),
};

/**
 * The product export (spec 2 sections 7, 9): pages of 1,000 with the list's filters until a short
 * page (or the total) is reached, then one sheet with Korean headers, written by `write`.
 */
export const exportProducts = (options: ExportPagesOptions<Product>) => exportPages(PRODUCT_SHEET, options, PRODUCT_EXPORT_PAGE_SIZE);
