import { useMemo } from 'react';
import { Avatar, Button } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { productResource } from '../../domain/resources/product';
import { usePartnership } from '../../authProvider/usePartnership';
import { ResourceList } from '../../framework/resource/ResourceList';
import { PRODUCT_PATH, PRODUCT_RESOURCE, categoryName, productPath, useBrandList, type Product } from './api';
import type { WorkbookWriter } from '../../framework/list/exportPages';
import { ExportListButton, type ExportListTexts } from '../../framework/list/ExportListButton';

const PRODUCT_EXPORT_TEXTS: ExportListTexts = {
  label: 'product.export',
  exporting: 'product.exporting',
  progress: 'product.exportProgress',
  fileName: 'product.exportFileName',
  done: 'product.exportDone',
  failed: 'product.exportFailed',
};

/** The product's own cells: the image thumbnail and the category name the API answers. */
const CELLS = {
  productImage: (p: Product) => (
    <Avatar variant="rounded" src={p.productImage?.url} alt={p.productImage ? p.name : undefined} sx={{ width: 40, height: 40, bgcolor: 'grey.100', color: 'grey.400', fontSize: 12 }}>
      -
    </Avatar>
  ),
  categoryCode: (p: Product) => categoryName(p),
};

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

/**
 * /b2b/product: the generic list of the product definition (columns, search types, period, category
 * and brand filters, sort), rows opening the detail page, with bulk delete, the Excel upload and
 * export. Cooperators also see and filter by brand.
 */
export default function ProductList({ write }: { write?: WorkbookWriter } = {}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const { partnership } = usePartnership();
  const cooperator = partnership?.b2bType === 'cooperator';
  const brands = useBrandList(cooperator);
  const filterOptions = useMemo(
    () => (cooperator && brands.data ? { brandIdx: brands.data.map((b) => ({ value: String(b.idx), label: b.name })) } : {}),
    [cooperator, brands.data],
  );
  return (
    <ResourceList<Product>
      def={productResource}
      cells={CELLS}
      hidden={cooperator ? [] : ['brandName']}
      filterOptions={filterOptions}
      rowClick={productPath}
      rowDelete={false}
      maxWidth={1280}
      actions={
        <>
          <Button size="small" variant="outlined" component={RouterLink} to={`${PRODUCT_PATH}/excel-upload`}>
            {translate('product.excelUpload')}
          </Button>
          <ExportButton write={write} />
        </>
      }
      bulkActions={[
        {
          label: 'app.common.delete',
          color: 'error',
          confirmTitle: 'product.bulkDeleteTitle',
          confirmContent: (n) => translate('product.bulkDeleteConfirm', { count: n }),
          action: (ids) => dataProvider.deleteMany(PRODUCT_RESOURCE, { ids }),
          successMessage: 'product.bulkDeleted',
          failureMessage: false,
        },
      ]}
    />
  );
}
