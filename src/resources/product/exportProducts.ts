import { PRODUCT_EXPORT_PAGE_SIZE } from '../../domain/product';
import { exportPages, type ExportPagesOptions, type ExportSheet } from '../../custom/list/exportPages';
import { categoryName, seoulDateTime, type Product } from './api';

export const EXPORT_HEADERS = ['상품번호', '상품명', '브랜드', '모델번호', '바코드', '모델명', '카테고리', '가격', '결제 금액', '소재', '사이즈', '무게', '보증 내용', '이미지 URL', '등록일'] as const;

const PRODUCT_SHEET: ExportSheet<Product> = {
  sheetName: '상품',
  headers: EXPORT_HEADERS,
  width: (h) => (h === '보증 내용' ? 40 : h === '상품명' ? 30 : 14),
  rowOf: (p) => [
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
  ],
};

/**
 * The product export (spec 2 sections 7, 9): pages of 1,000 with the list's filters until a short
 * page (or the total) is reached, then one sheet with Korean headers, written by `write`.
 */
export const exportProducts = (options: ExportPagesOptions<Product>) => exportPages(PRODUCT_SHEET, options, PRODUCT_EXPORT_PAGE_SIZE);
