import { useState } from 'react';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { Confirm, useDelete, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { BackToListButton, DetailRow, PageShell } from '../../framework/ui';
import { PageLoading } from '../../framework/PageStates';
import { fieldLabel } from '../../domain/resource';
import { productResource } from '../../domain/resources/product';
import { cellOf } from '../../framework/resource/listDeclaration';
import { PRODUCT_PATH, PRODUCT_RESOURCE, productEditPath, type Product } from './api';
import { ProductNotFoundDialog, useProductRecord } from './common';

/** The detail's rows (the image is shown beside them), labelled and formatted from the definition. */
const DETAIL_FIELDS = [
  'name', 'brandName', 'code', 'barcode', 'modelNum', 'price', 'categoryCode', 'material', 'size', 'weight', 'warranty', 'createdAt', 'updatedAt',
] as const satisfies readonly (keyof typeof productResource.fields)[];
const DETAIL_ROWS = DETAIL_FIELDS.map((source) => ({ source, label: fieldLabel(productResource, source), text: cellOf<Product>(productResource, source, { withTime: true }) }));

/** /b2b/product/{idx}: every field formatted, the image, 수정 and 삭제 (confirmed); a missing product opens the not-found dialog. */
export default function ProductShow() {
  const translate = useTranslate();
  const { record, isPending, notFound } = useProductRecord();
  const [deleteOne, { isPending: deleting }] = useDelete<Product>();
  const notify = useNotify();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  if (notFound) return <ProductNotFoundDialog />;
  if (isPending || !record) return <PageLoading />;
  const p = record;

  const remove = async () => {
    try {
      await deleteOne(PRODUCT_RESOURCE, { id: p.id, previousData: p }, { returnPromise: true, mutationMode: 'pessimistic' });
    } catch {
      setConfirming(false);
      return;
    }
    setConfirming(false);
    notify('product.deleted', { type: 'success' });
    navigate(PRODUCT_PATH, { replace: true });
  };

  return (
    <PageShell
      title={p.name}
      maxWidth={960}
      actions={
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to={productEditPath(p.id)} variant="contained" disableElevation>
            {translate('app.common.edit')}
          </Button>
          <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
            {translate('app.common.delete')}
          </Button>
        </Stack>
      }
    >
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
          <Box sx={{ width: 200, height: 200, flexShrink: 0, borderRadius: 2, border: 1, borderColor: 'divider', overflow: 'hidden', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.50' }}>
            {p.productImage?.url ? (
              <Box component="img" src={p.productImage.url} alt={translate('product.imageAlt')} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
            ) : (
              <Typography variant="caption" color="text.secondary">
                {translate('product.noImage')}
              </Typography>
            )}
          </Box>
          <Box component="dl" sx={{ flex: 1, m: 0 }}>
            {DETAIL_ROWS.map((row) => (
              <DetailRow key={row.source} label={translate(row.label)}>
                {row.text(p)}
              </DetailRow>
            ))}
          </Box>
        </Stack>
      </Paper>
      <BackToListButton to={PRODUCT_PATH} label="product.back" />
      <Confirm
        isOpen={confirming}
        loading={deleting}
        title="product.deleteTitle"
        content="product.deleteConfirm"
        confirm="app.common.delete"
        cancel="app.common.cancel"
        confirmColor="warning"
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      />
    </PageShell>
  );
}
