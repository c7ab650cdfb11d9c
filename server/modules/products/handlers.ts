import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FIELD_MSG } from '../../../src/domain/messages';
import { isYmd, seoulDayEnd, seoulDayStart } from '../../../src/domain/seoulDay';
import { LIST_MSG, PAGE_SIZES, splitSearchTerms } from '../../../src/domain/listQuery';
import { PRODUCT_CATEGORY_CODES, PRODUCT_EXPORT_PAGE_SIZE } from '../../../src/domain/product';
import { PRODUCT_SEARCH_TYPES, PRODUCT_SORT_FIELDS, type ProductSearchType } from '../../../src/domain/resources/product';
import type { FieldErrors } from '../../../src/domain/errors';
import { validationFailed } from '../../http/errors';
import { DEFAULT_PAGE_RULE, readPaging, type PageRule } from '../../http/params';
import type { ResourceHandlers } from '../../http/resourceRoutes';
import { principalOf, type Principal } from '../../plugins/auth';
import {
  createProduct, getProduct, listProducts, productSchemaContext, updateProduct, validateProducts, type Product, type ProductQuery, type Tenant,
} from './service';

export const tenantOf = (p: Principal): Tenant => ({ tenantIdx: p.tenantIdx, adminIdx: p.adminIdx, b2bType: p.b2bType });

/** The list's page sizes: the console's, and the spreadsheet export's. */
const PRODUCT_PAGES: PageRule = { ...DEFAULT_PAGE_RULE, sizes: [...PAGE_SIZES, PRODUCT_EXPORT_PAGE_SIZE] };

/** The list query (names from the definition's list options), checked: bad paging, search or filters answer 400 naming the parameter. */
export function parseProductQuery(raw: unknown): ProductQuery {
  const query = (raw ?? {}) as Record<string, string | undefined>;
  const errors: FieldErrors = {};
  const { page, pageSize } = readPaging(query, errors, PRODUCT_PAGES);
  const searchType = (query.searchType || 'all') as ProductSearchType;
  if (!PRODUCT_SEARCH_TYPES.includes(searchType)) errors.searchType = FIELD_MSG.searchTypeInvalid;
  const terms = splitSearchTerms(query.searchText);
  if (terms === null) errors.searchText = LIST_MSG.tooManyTerms;
  let brandIdx: number | undefined;
  if (query.brandIdx) {
    brandIdx = Number(query.brandIdx);
    if (!Number.isSafeInteger(brandIdx) || brandIdx <= 0) errors.brandIdx = FIELD_MSG.brandInvalid;
  }
  const categoryCodes = query.categoryCode ? query.categoryCode.split(',').map((c) => Number(c.trim())) : [];
  if (categoryCodes.some((c) => !(PRODUCT_CATEGORY_CODES as number[]).includes(c))) errors.categoryCode = FIELD_MSG.categoryListInvalid;
  if (query.startDate && !isYmd(query.startDate)) errors.startDate = FIELD_MSG.dateFormat;
  if (query.endDate && !isYmd(query.endDate)) errors.endDate = FIELD_MSG.dateFormat;
  if (Object.keys(errors).length) throw validationFailed(errors);

  const [field, dir] = String(query.sort ?? '').split(',');
  const sort = (PRODUCT_SORT_FIELDS as readonly string[]).includes(field)
    ? { field: field as ProductQuery['sort']['field'], desc: dir?.toUpperCase() !== 'ASC' }
    : { field: 'createdAt' as const, desc: true };
  return {
    page, pageSize, searchType, terms: terms ?? [], brandIdx, categoryCodes, sort,
    from: query.startDate ? seoulDayStart(query.startDate) : undefined,
    to: query.endDate ? seoulDayEnd(query.endDate) : undefined,
  };
}

/** The product as a form input, so a PATCH can send only what changes. */
function inputOf(p: Product): Record<string, unknown> {
  return {
    name: p.name, brandIdx: p.brandIdx, code: p.code, barcode: p.barcode, modelNum: p.modelNum, price: p.price,
    paymentAmount: p.paymentAmount, warranty: p.warranty, categoryCode: p.categoryCode, material: p.material,
    size: p.size, weight: p.weight, productImage: p.productImage?.path ?? null,
  };
}

/** Checks a body already checked by the definition's schema against the database (the tenant's brands, its uploads). */
async function validOne(app: FastifyInstance, request: FastifyRequest, input: unknown, keepImage: string | null = null) {
  const tenant = tenantOf(principalOf(request));
  const { values, errors } = await validateProducts(app.db, tenant, [input], () => '', { keepImage });
  if (Object.keys(errors).length) throw validationFailed(errors);
  return { tenant, values: values[0] };
}

/**
 * Products behind the generic resource routes (server/http/resourceRoutes.ts), which check the
 * query and bodies first: the list with its multi-term, lower-case/bigram search, filters, sort and
 * capped totals; records joined with their brand; writes checked for the tenant's brands and
 * uploads; PATCH merged onto the stored product.
 */
export const productHandlers = (app: FastifyInstance): ResourceHandlers<ProductQuery> => ({
  listQuery: parseProductQuery,
  pageRule: PRODUCT_PAGES,
  bodyContext: (request) => productSchemaContext(tenantOf(principalOf(request))),
  list: (request, query) => listProducts(app.db, principalOf(request).tenantIdx, query),
  get: (request, idx) => getProduct(app.db, principalOf(request).tenantIdx, idx),
  create: async (request, body) => {
    const { tenant, values } = await validOne(app, request, body);
    return createProduct(app.db, tenant, values, app.clock.now());
  },
  update: async (request, idx, sent) => {
    const current = await getProduct(app.db, principalOf(request).tenantIdx, idx);
    if (!current) return null;
    const { tenant, values } = await validOne(app, request, { ...inputOf(current), ...sent }, current.productImage?.path ?? null);
    return updateProduct(app.db, tenant.tenantIdx, idx, values, app.clock.now());
  },
});
