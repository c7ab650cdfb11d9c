import { useState } from 'react';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { Confirm, useDelete, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { BackToListButton, DetailRow, PageShell } from '../../custom/ui';
import { PageLoading } from '../../custom/PageStates';
import { PRODUCT_PATH, PRODUCT_RESOURCE, categoryName, productEditPath, seoulDateTime, won, type Product } from './api';
import { ProductNotFoundDialog, useProductRecord, useRememberProduct } from './common';

const F = (field: string) => `resources.partners-product.fields.${field}`;

/** /b2b/product/{idx}: every field formatted, the image, 수정 and 삭제 (confirmed); a missing product opens the not-found dialog. */
export default function ProductShow() {
  const translate = useTranslate();
  const { record, isPending, notFound } = useProductRecord();
  const [deleteOne, { isPending: deleting }] = useDelete<Product>();
  const notify = useNotify();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const remember = useRememberProduct();
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
    remember(p.id, null);
    notify('app.product.deleted', { type: 'success' });
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
              <Box component="img" src={p.productImage.url} alt={translate('app.product.imageAlt')} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
            ) : (
              <Typography variant="caption" color="text.secondary">
                {translate('app.product.noImage')}
              </Typography>
            )}
          </Box>
          <Box component="dl" sx={{ flex: 1, m: 0 }}>
            <DetailRow label={translate(F('name'))}>{p.name}</DetailRow>
            <DetailRow label={translate(F('brandName'))}>{p.brandName}</DetailRow>
            <DetailRow label={translate(F('code'))}>{p.code}</DetailRow>
            <DetailRow label={translate(F('barcode'))}>{p.barcode}</DetailRow>
            <DetailRow label={translate(F('modelNum'))}>{p.modelNum}</DetailRow>
            <DetailRow label={translate(F('price'))}>{won(p.price)}</DetailRow>
            <DetailRow label={translate(F('categoryCode'))}>{categoryName(p)}</DetailRow>
            <DetailRow label={translate(F('material'))}>{p.material}</DetailRow>
            <DetailRow label={translate(F('size'))}>{p.size}</DetailRow>
            <DetailRow label={translate(F('weight'))}>{p.weight}</DetailRow>
            <DetailRow label={translate(F('warranty'))}>{p.warranty}</DetailRow>
            <DetailRow label={translate(F('createdAt'))}>{seoulDateTime(p.createdAt)}</DetailRow>
            <DetailRow label={translate(F('updatedAt'))}>{seoulDateTime(p.updatedAt)}</DetailRow>
          </Box>
        </Stack>
      </Paper>
      <BackToListButton to={PRODUCT_PATH} label="app.product.back" />
      <Confirm
        isOpen={confirming}
        loading={deleting}
        title="app.product.deleteTitle"
        content="app.product.deleteConfirm"
        confirm="app.common.delete"
        cancel="app.common.cancel"
        confirmColor="warning"
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      />
    </PageShell>
  );
}
