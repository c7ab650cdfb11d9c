import { useState, type ReactNode } from 'react';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { Confirm, useDelete, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { PageShell } from '../../custom/ui';
import { PageLoading } from '../../custom/PageStates';
import { PRODUCT_PATH, PRODUCT_RESOURCE, categoryName, productEditPath, seoulDateTime, won, type Product } from './api';
import { ProductNotFoundDialog, useProductRecord, useRememberProduct } from './common';

const F = (field: string) => `resources.partners-product.fields.${field}`;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="div" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: { xs: 0.25, sm: 2 }, py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {children === '' || children === null || children === undefined ? '-' : children}
      </Typography>
    </Box>
  );
}

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
            <Row label={translate(F('name'))}>{p.name}</Row>
            <Row label={translate(F('brandName'))}>{p.brandName}</Row>
            <Row label={translate(F('code'))}>{p.code}</Row>
            <Row label={translate(F('barcode'))}>{p.barcode}</Row>
            <Row label={translate(F('modelNum'))}>{p.modelNum}</Row>
            <Row label={translate(F('price'))}>{won(p.price)}</Row>
            <Row label={translate(F('categoryCode'))}>{categoryName(p)}</Row>
            <Row label={translate(F('material'))}>{p.material}</Row>
            <Row label={translate(F('size'))}>{p.size}</Row>
            <Row label={translate(F('weight'))}>{p.weight}</Row>
            <Row label={translate(F('warranty'))}>{p.warranty}</Row>
            <Row label={translate(F('createdAt'))}>{seoulDateTime(p.createdAt)}</Row>
            <Row label={translate(F('updatedAt'))}>{seoulDateTime(p.updatedAt)}</Row>
          </Box>
        </Stack>
      </Paper>
      <Box sx={{ mt: 2 }}>
        <Button component={RouterLink} to={PRODUCT_PATH}>
          {translate('app.product.back')}
        </Button>
      </Box>
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
