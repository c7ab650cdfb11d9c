import { useMemo } from 'react';
import { Alert, Box, Grid, Typography } from '@mui/material';
import { SelectInput, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { OFFLINE_GUARANTEE_COUNT } from '../../domain/guarantee';
import { PRODUCT_PRICE_INPUT_MAX_LENGTH, formatPrice } from '../../domain/product';
import { digitsOnly } from '../../domain/patterns';
import type { Partnership } from '../../domain/identity';
import { DateInput } from '../../framework/date/DateInput';
import { useBrandList } from '../product/api';
import { useStoreList } from './api';
import { F, FIELDS, SELECT_SX, emptyToNull } from './guaranteeFieldProps';
import { formatPhone, requiresBrand } from './guaranteeFormValues';
import { IssueOptions } from './IssueOptions';
import { ProductInputs } from './ProductInputs';
import { TemplateInputs } from './TemplateInputs';

const amountProps = {
  format: (v: string | number | null | undefined) => formatPrice(v),
  parse: (v: string) => formatPrice(v),
  slotProps: { htmlInput: { maxLength: PRODUCT_PRICE_INPUT_MAX_LENGTH, inputMode: 'numeric' as const }, input: { endAdornment: <Box component="span" sx={{ ml: 1, color: 'text.secondary' }}>원</Box> } },
};

/** The certificate fields shared by register, offline register and edit (spec 2 sections 3 and 5). */
export function GuaranteeInputs({ partnership, offline = false, issueOptions = true }: { partnership: Partnership | undefined; offline?: boolean; issueOptions?: boolean }) {
  const translate = useTranslate();
  const cooperator = requiresBrand(partnership);
  const stores = useStoreList();
  const brands = useBrandList(cooperator);
  const countryCode = useWatch({ name: 'ordererCountryCode' }) as string;
  const storeChoices = useMemo(() => (stores.data ?? []).map((s) => ({ id: s.idx, name: s.name })), [stores.data]);
  const brandChoices = useMemo(() => (brands.data ?? []).map((b) => ({ id: b.idx, name: b.name })), [brands.data]);

  return (
    <Grid container columnSpacing={2} rowSpacing={0}>
      <TemplateInputs />
      <Grid size={12}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mt: 2, mb: 1.5 }}>
          {translate('guarantee.form.customer')}
        </Typography>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextInput source="ordererName" label={F('ordererName')} isRequired fullWidth slotProps={{ htmlInput: { maxLength: FIELDS.ordererName.max.length } }} />
      </Grid>
      <Grid size={{ xs: 4, md: 2 }}>
        <TextInput source="ordererCountryCode" label={F('ordererCountryCode')} fullWidth parse={(v: string) => digitsOnly(v).slice(0, 4)} slotProps={{ htmlInput: { maxLength: 4, inputMode: 'numeric' }, input: { startAdornment: <Box component="span" sx={{ mr: 0.5, color: 'text.secondary' }}>+</Box> } }} />
      </Grid>
      <Grid size={{ xs: 8, md: 4 }}>
        <TextInput source="ordererTel" label={F('ordererTel')} isRequired fullWidth parse={(v: string) => formatPhone(v, countryCode)} slotProps={{ htmlInput: { maxLength: FIELDS.ordererTel.max.length, inputMode: 'tel' } }} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <DateInput source="orderedAt" label={F('orderedAt')} fullWidth />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextInput source="refOrderId" label={F('refOrderId')} fullWidth slotProps={{ htmlInput: { maxLength: FIELDS.refOrderId.max.length } }} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <SelectInput source="storeIdx" label={F('storeIdx')} choices={storeChoices} isPending={stores.isPending} emptyText="app.common.none" parse={emptyToNull} fullWidth sx={SELECT_SX} />
      </Grid>
      {cooperator ? (
        <Grid size={{ xs: 12, md: 6 }}>
          <SelectInput source="brandIdx" label={F('brandIdx')} choices={brandChoices} isPending={brands.isPending} isRequired emptyText="ra.action.select" parse={emptyToNull} fullWidth sx={SELECT_SX} />
        </Grid>
      ) : (
        <Grid size={{ xs: 12, md: 6 }} />
      )}

      <Grid size={12}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mt: 2, mb: 1.5 }}>
          {translate('guarantee.form.productSection')}
        </Typography>
        {offline && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('guarantee.form.offlineHint', { count: OFFLINE_GUARANTEE_COUNT })}
          </Alert>
        )}
      </Grid>
      <ProductInputs cooperator={cooperator} />
      <Grid size={{ xs: 12, md: 6 }}>
        <TextInput source="price" label={F('price')} fullWidth {...amountProps} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextInput source="paymentAmount" label={F('paymentAmount')} fullWidth {...amountProps} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <DateInput source="warrantyDate" label={F('warrantyDate')} fullWidth />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }} />
      {issueOptions && <IssueOptions />}
    </Grid>
  );
}
