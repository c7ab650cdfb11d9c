import { useMemo, useState } from 'react';
import { Avatar, Box, Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { SchemaList, type ColumnSpec, type SearchDeclaration } from '../../custom/list';
import { PRODUCT_CATEGORIES } from '../../domain/product';
import { usePartnership } from '../../authProvider/usePartnership';
import { PageShell } from '../../custom/ui';
import { PRODUCT_PATH, PRODUCT_RESOURCE, categoryName, productPath, seoulDate, useBrandList, won, type Brand, type Product } from './api';
import type { WorkbookWriter } from '../../custom/list/exportPages';
import { ExportListButton, type ExportListTexts } from '../../custom/list/ExportListButton';

const F = (field: string) => `resources.partners-product.fields.${field}`;

const PRODUCT_EXPORT_TEXTS: ExportListTexts = {
  label: 'app.product.export',
  exporting: 'app.product.exporting',
  progress: 'app.product.exportProgress',
  fileName: 'app.product.exportFileName',
  done: 'app.product.exportDone',
  failed: 'app.product.exportFailed',
};

/** The product list's search panel (spec 2 "List search panel"); cooperators also filter by brand. */
export function productSearch(brands?: Brand[]): SearchDeclaration {
  return {
    searchTypes: [
      { value: 'all', label: 'app.product.searchAll' },
      { value: 'name', label: F('name') },
      { value: 'code', label: F('code') },
      { value: 'barcode', label: F('barcode') },
    ],
    dateRange: true,
    dateLabel: F('createdAt'),
    filters: [
      { type: 'checkbox', source: 'categoryCode', label: F('categoryCode'), options: Object.entries(PRODUCT_CATEGORIES).map(([value, label]) => ({ value, label })) },
      ...(brands ? [{ type: 'select' as const, source: 'brandIdx', label: F('brandIdx'), options: brands.map((b) => ({ value: String(b.idx), label: b.name })) }] : []),
    ],
    defaultSort: { field: 'createdAt', order: 'DESC' },
  };
}

function productColumns(cooperator: boolean): ColumnSpec<Product>[] {
  return [
    {
      source: 'productImage',
      label: F('productImage'),
      render: (p) => (
        <Avatar variant="rounded" src={p.productImage?.url} alt={p.productImage ? p.name : undefined} sx={{ width: 40, height: 40, bgcolor: 'grey.100', color: 'grey.400', fontSize: 12 }}>
          -
        </Avatar>
      ),
    },
    { source: 'name', label: F('name'), sortable: true },
    { source: 'code', label: F('code') },
    { source: 'barcode', label: F('barcode') },
    { source: 'categoryCode', label: F('categoryCode'), render: (p) => categoryName(p) },
    ...(cooperator ? [{ source: 'brandName', label: F('brandName') } as ColumnSpec<Product>] : []),
    { source: 'price', label: F('price'), sortable: true, align: 'right', render: (p) => won(p.price) },
    { source: 'createdAt', label: F('createdAt'), sortable: true, render: (p) => seoulDate(p.createdAt) },
  ];
}

/** 엑셀 내려받기: every product of the current search, fetched 1,000 a page, as an .xlsx built in the browser. */
export function ExportButton({ write }: { write?: WorkbookWriter }) {
  return (
    <ExportListButton<Product>
      resource={PRODUCT_RESOURCE}
      load={async () => (await import('./exportProducts')).exportProducts}
      texts={PRODUCT_EXPORT_TEXTS}
      write={write}
    />
  );
}

/** /b2b/product: search, filters, paging, bulk delete, register, Excel upload and export. */
export default function ProductList({ write }: { write?: WorkbookWriter } = {}) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  // Lists refresh when shown (spec 2 section 7): cached pages are marked stale before the list's query
  // subscribes, so they show at once and are refetched (products may come from the Excel upload page,
  // which writes outside react-admin's caches).
  useState(() => void queryClient.invalidateQueries({ queryKey: [PRODUCT_RESOURCE, 'getList'], refetchType: 'none' }));
  const dataProvider = useDataProvider();
  const { partnership } = usePartnership();
  const cooperator = partnership?.b2bType === 'cooperator';
  const brands = useBrandList(cooperator);
  const brandList = cooperator ? brands.data : undefined;
  const search = useMemo(() => productSearch(brandList), [brandList]);
  const columns = useMemo(() => productColumns(cooperator), [cooperator]);

  return (
    <PageShell titleKey="app.product.list" maxWidth={1280}>
      {/*
        Zero min-content width: react-admin's layout root has min-width: fit-content, so a wide table
        would widen the whole page on narrow screens instead of scrolling inside its own wrapper.
      */}
      <Box sx={{ width: 0, minWidth: '100%' }}>
      <SchemaList<Product>
        resource={PRODUCT_RESOURCE}
        label={translate('app.product.listLabel')}
        columns={columns}
        search={search}
        linkColumn="name"
        rowClick={(id) => productPath(id)}
        actions={
          <>
            <Button size="small" variant="contained" disableElevation component={RouterLink} to={`${PRODUCT_PATH}/register`}>
              {translate('app.product.register')}
            </Button>
            <Button size="small" variant="outlined" component={RouterLink} to={`${PRODUCT_PATH}/excel-upload`}>
              {translate('app.product.excelUpload')}
            </Button>
            <ExportButton write={write} />
          </>
        }
        bulkActions={[
          {
            label: 'app.common.delete',
            color: 'error',
            confirmTitle: 'app.product.bulkDeleteTitle',
            confirmContent: (n) => `선택한 ${n}개 상품을 삭제할까요?`,
            action: (ids) => dataProvider.deleteMany(PRODUCT_RESOURCE, { ids }),
            successMessage: 'app.product.bulkDeleted',
            failureMessage: false,
          },
        ]}
      />
      </Box>
    </PageShell>
  );
}
