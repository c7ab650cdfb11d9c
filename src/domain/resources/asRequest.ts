import { field, type Resource } from '../resource';
import { AS_AMOUNT_MAX, AS_MSG, AS_RULES, AS_STATUS_FILTERS, type AsType } from '../afterService';

/** A text the list's search box matches: the API's `search` values (docs/api/afterService.md), in its order after `all`. */
const searchable = () => field.text({ readOnly: true, searchable: true, column: true });
const shown = () => field.text({ readOnly: true, column: true });
const amount = () => field.number({ invalid: AS_MSG.amountInvalid, min: 0, max: { value: AS_AMOUNT_MAX, message: AS_MSG.amountInvalid }, won: true, readOnly: true, column: true });

/**
 * Repair and laundry requests (spec 3 sections 2–4, issue 13): one declaration per kind, outside the
 * registry like guarantees. Its name, API path, route, access (AS_RULES.history: the brand with the
 * feature, or the kind's partner) and fields give the history's columns and labels
 * (`afterService.<type>.fields.<source>`), its search types and period, and the dataProvider entry
 * (src/dataProvider/resources.ts); the workflow, the pages and the server routes stay bespoke
 * (src/domain/afterService.ts, src/resources/after-service, server/modules/afterService).
 */
export function asRequestResource(type: AsType) {
  return {
    name: `afterService.${type}`,
    base: 'main',
    apiPath: `/v1/admin/${type}`,
    idField: 'idx',
    route: `/b2b/after-service/${type}`,
    menu: { key: `${type}History`, section: 'product' },
    access: { read: AS_RULES.history(type), write: AS_RULES.history(type) },
    api: { delete: false },
    fields: {
      idx: field.key(),
      status: field.choice({ options: AS_STATUS_FILTERS[type], invalid: AS_MSG.notFound, readOnly: true, column: true }),
      customerName: searchable(),
      receiverPhone: searchable(),
      productName: searchable(),
      nftNumber: searchable(),
      ...(type === 'repair' ? { categoryName: shown(), optionIdx: field.integer({ nullable: true }), optionName: shown() } : {}),
      partnerName: shown(),
      preEstimateAmount: amount(),
      estimateAmount: amount(),
      createdAt: field.createdAt(),
      updatedAt: field.datetime(),
    },
    list: {
      order: [{ field: 'createdAt', dir: 'desc' }],
      linkColumn: 'nftNumber',
      columns: ['nftNumber', 'status', 'productName', 'customerName', 'receiverPhone', ...(type === 'repair' ? ['categoryName'] : []), 'partnerName', 'estimateAmount', 'createdAt'],
      searchAll: true,
      filters: ['status', ...(type === 'repair' ? ['optionIdx'] : [])],
      dateRange: 'createdAt',
    },
  } satisfies Pick<Resource, 'name' | 'base' | 'apiPath' | 'idField' | 'route' | 'menu' | 'access' | 'api' | 'fields' | 'list'>;
}

export const AS_REQUEST_RESOURCES = { repair: asRequestResource('repair'), laundry: asRequestResource('laundry') } as const;
