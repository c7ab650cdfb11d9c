import { useState } from 'react';
import { Box, Button, Grid, Paper, Stack, Typography } from '@mui/material';
import { SelectInput, TextInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { formatPrice } from '../../domain/product';
import { categoryName, won, type Product } from '../product/api';
import { F, FIELDS, SELECT_SX } from './guaranteeFieldProps';
import type { PickedProduct } from './guaranteeFormValues';
import { ProductPicker } from './ProductPicker';
import { useTemplateFlags } from './useTemplateFlags';

const CATEGORY_CHOICES = Object.entries(FIELDS.categoryCode.options).map(([id, name]) => ({ id: Number(id), name }));

/** The product: picked from the catalogue (ProductPicker) or typed in. */
export function ProductInputs({ cooperator }: { cooperator: boolean }) {
  const translate = useTranslate();
  const { setValue, getValues } = useFormContext();
  const picked = useWatch({ name: 'picked' }) as PickedProduct | null;
  const [open, setOpen] = useState(false);
  const flags = useTemplateFlags();

  const pick = (p: Product) => {
    setOpen(false);
    const opts = { shouldDirty: true, shouldValidate: false } as const;
    setValue('partnersProductIdx', p.idx, opts);
    setValue('picked', { idx: p.idx, name: p.name, code: p.code, categoryName: categoryName(p), price: p.price } satisfies PickedProduct, opts);
    setValue('productName', p.name, opts);
    setValue('modelNumber', p.code ?? '', opts);
    setValue('categoryCode', p.categoryCode ?? '', opts);
    if (!getValues('price') && p.price !== null) setValue('price', formatPrice(p.price), opts);
    if (cooperator && p.brandIdx) setValue('brandIdx', p.brandIdx, opts);
  };
  const unpick = () => {
    const opts = { shouldDirty: true } as const;
    setValue('partnersProductIdx', null, opts);
    setValue('picked', null, opts);
  };

  return (
    <>
      <Grid size={12}>
        <Paper variant="outlined" sx={{ p: 2, mb: 2, borderRadius: 2 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
            <Box aria-live="polite">
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {translate('guarantee.form.product')}
              </Typography>
              <Typography variant="body2" color="text.secondary" data-testid="picked-product">
                {picked
                  ? [picked.name, picked.code, picked.categoryName, won(picked.price)].filter(Boolean).join(' · ')
                  : translate('guarantee.form.productTyped')}
              </Typography>
            </Box>
            <Stack direction="row" spacing={1}>
              <Button variant="outlined" size="small" onClick={() => setOpen(true)}>
                {translate(picked ? 'guarantee.form.productChange' : 'guarantee.form.productPick')}
              </Button>
              {picked && (
                <Button size="small" color="inherit" onClick={unpick}>
                  {translate('guarantee.form.productUnpick')}
                </Button>
              )}
            </Stack>
          </Stack>
        </Paper>
      </Grid>
      {!picked && (
        <>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextInput source="productName" label={F('productName')} isRequired fullWidth slotProps={{ htmlInput: { maxLength: FIELDS.productName.max.length } }} />
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <TextInput source="modelNumber" label={F('modelNumber')} fullWidth slotProps={{ htmlInput: { maxLength: FIELDS.modelNumber.max.length } }} />
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <SelectInput source="categoryCode" label={F('categoryCode')} choices={CATEGORY_CHOICES} isRequired={cooperator} emptyText="app.common.none" fullWidth sx={SELECT_SX} />
          </Grid>
        </>
      )}
      {flags.material && (
        <Grid size={{ xs: 12, md: 4 }}>
          <TextInput source="material" label={F('material')} fullWidth slotProps={{ htmlInput: { maxLength: FIELDS.material.max.length } }} />
        </Grid>
      )}
      {flags.size && (
        <Grid size={{ xs: 12, md: 4 }}>
          <TextInput source="size" label={F('size')} fullWidth slotProps={{ htmlInput: { maxLength: FIELDS.size.max.length } }} />
        </Grid>
      )}
      {flags.weight && (
        <Grid size={{ xs: 12, md: 4 }}>
          <TextInput source="weight" label={F('weight')} fullWidth slotProps={{ htmlInput: { maxLength: FIELDS.weight.max.length } }} />
        </Grid>
      )}
      {flags.image && (
        <Grid size={12}>
          <TextInput source="productImage" label={F('productImage')} helperText="guarantee.form.productImageHint" fullWidth slotProps={{ htmlInput: { maxLength: 500, inputMode: 'url' } }} />
        </Grid>
      )}
      <ProductPicker open={open} cooperator={cooperator} onClose={() => setOpen(false)} onPick={pick} />
    </>
  );
}
