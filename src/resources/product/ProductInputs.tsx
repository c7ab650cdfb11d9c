import { useMemo, useState } from 'react';
import { Box, Button, Grid, Stack, Typography } from '@mui/material';
import { Form, SaveButton, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useWatch, type FieldValues, type Resolver } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { Link as RouterLink } from 'react-router-dom';
import {
  PRODUCT_CATEGORIES, PRODUCT_NAME_MAX, PRODUCT_PRICE_INPUT_MAX_LENGTH, PRODUCT_TEXT_MAX, PRODUCT_WARRANTY_MAX, formatPrice, parsePrice, productSchema,
} from '../../domain/product';
import type { Partnership } from '../../domain/identity';
import { TrackUnsavedChanges } from '../../custom/unsavedChanges';
import { submissionErrors } from '../../custom/formErrors';
import { useBrandList, type Product } from './api';
import { ProductImageInput, type ProductImageInputProps } from './ProductImageInput';

const F = (field: string) => `resources.partners-product.fields.${field}`;
const CATEGORY_CHOICES = Object.entries(PRODUCT_CATEGORIES).map(([id, name]) => ({ id: Number(id), name }));
/** react-admin's SelectInput keeps the dense margins its TextInput drops here: line them up with the text fields. */
const SELECT_SX = { mt: 0, mb: 0 } as const;
const TEXT_FIELDS = ['name', 'code', 'barcode', 'modelNum', 'material', 'size', 'weight'] as const;

/** Cooperator (multi-brand) accounts must pick a brand; brand-type accounts are fixed to their own. */
export const requiresBrand = (p: Partnership | undefined) => p?.b2bType === 'cooperator';

/** The form values of a product (new or saved): texts as texts, the price as typed ('1,234,000'), the image as its path. */
export function formValuesOf(product: Partial<Product> | undefined, partnership: Partnership | undefined): FieldValues {
  const ownBrand = !requiresBrand(partnership) ? (partnership?.brand?.idx ?? null) : null;
  return {
    ...(product?.id !== undefined ? { id: product.id } : {}),
    name: product?.name ?? '',
    brandIdx: product?.brandIdx ?? ownBrand,
    code: product?.code ?? '',
    barcode: product?.barcode ?? '',
    modelNum: product?.modelNum ?? '',
    price: formatPrice(product?.price ?? ''),
    categoryCode: product?.categoryCode ?? '',
    material: product?.material ?? '',
    size: product?.size ?? '',
    weight: product?.weight ?? '',
    warranty: product?.warranty ?? '',
    productImage: product?.productImage?.path ?? null,
  };
}

/** The request body of POST/PATCH: trimmed texts (empty → null), the price as a number, the category and brand as numbers. */
export function productBody(values: FieldValues): Record<string, unknown> {
  const text = (v: unknown) => {
    const s = typeof v === 'string' ? v.trim() : v === null || v === undefined ? '' : String(v);
    return s === '' ? null : s;
  };
  const body: Record<string, unknown> = {};
  for (const f of TEXT_FIELDS) body[f] = text(values[f]);
  body.name = text(values.name) ?? '';
  body.warranty = typeof values.warranty === 'string' && values.warranty.trim() !== '' ? values.warranty : null;
  body.price = parsePrice(values.price as string | number | null);
  body.categoryCode = values.categoryCode === '' || values.categoryCode === null || values.categoryCode === undefined ? null : Number(values.categoryCode);
  if (values.brandIdx !== '' && values.brandIdx !== null && values.brandIdx !== undefined) body.brandIdx = Number(values.brandIdx);
  body.productImage = text(values.productImage);
  return body;
}

function WarrantyCounter() {
  const translate = useTranslate();
  const value = useWatch({ name: 'warranty' }) as string | null | undefined;
  const count = (value ?? '').length;
  return (
    <Typography variant="caption" aria-live="polite" color={count > PRODUCT_WARRANTY_MAX ? 'error' : 'text.secondary'} sx={{ display: 'block', textAlign: 'right', mt: -1 }}>
      {translate('app.product.warrantyCount', { count: count.toLocaleString('ko-KR'), max: PRODUCT_WARRANTY_MAX.toLocaleString('ko-KR') })}
    </Typography>
  );
}

/** The product fields shared by register and edit (spec 2 sections 3 and 5). */
export function ProductInputs({ partnership, image }: { partnership: Partnership | undefined; image: ProductImageInputProps }) {
  const translate = useTranslate();
  const cooperator = requiresBrand(partnership);
  const brands = useBrandList(Boolean(partnership));
  const brandChoices = useMemo(() => {
    const list = brands.data ?? [];
    const own = partnership?.brand;
    const all = own && !list.some((b) => b.idx === own.idx) ? [...list, { idx: own.idx, name: own.name }] : list;
    return all.map((b) => ({ id: b.idx, name: b.name }));
  }, [brands.data, partnership?.brand]);

  return (
    <Grid container columnSpacing={2} rowSpacing={0}>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextInput source="name" label={F('name')} isRequired fullWidth slotProps={{ htmlInput: { maxLength: PRODUCT_NAME_MAX } }} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <SelectInput
          source="brandIdx"
          label={F('brandIdx')}
          choices={brandChoices}
          isRequired={cooperator}
          readOnly={!cooperator}
          emptyText={cooperator ? 'ra.action.select' : undefined}
          helperText={false}
          title={cooperator ? undefined : translate('app.product.brandFixed')}
          isPending={brands.isPending && Boolean(partnership)}
          fullWidth
          sx={SELECT_SX}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextInput source="code" label={F('code')} fullWidth slotProps={{ htmlInput: { maxLength: PRODUCT_TEXT_MAX } }} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextInput source="barcode" label={F('barcode')} fullWidth slotProps={{ htmlInput: { maxLength: PRODUCT_TEXT_MAX } }} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextInput
          source="price"
          label={F('price')}
          fullWidth
          format={(v: string | number | null | undefined) => formatPrice(v)}
          parse={(v: string) => formatPrice(v)}
          slotProps={{ htmlInput: { maxLength: PRODUCT_PRICE_INPUT_MAX_LENGTH, inputMode: 'numeric' }, input: { endAdornment: <Box component="span" sx={{ ml: 1, color: 'text.secondary' }}>원</Box> } }}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <SelectInput source="categoryCode" label={F('categoryCode')} choices={CATEGORY_CHOICES} emptyText="app.common.none" fullWidth sx={SELECT_SX} />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <TextInput source="material" label={F('material')} fullWidth slotProps={{ htmlInput: { maxLength: PRODUCT_TEXT_MAX } }} />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <TextInput source="size" label={F('size')} fullWidth slotProps={{ htmlInput: { maxLength: PRODUCT_TEXT_MAX } }} />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <TextInput source="weight" label={F('weight')} fullWidth slotProps={{ htmlInput: { maxLength: PRODUCT_TEXT_MAX } }} />
      </Grid>
      <Grid size={12}>
        <TextInput source="warranty" label={F('warranty')} multiline minRows={4} fullWidth />
        <WarrantyCounter />
      </Grid>
      <Grid size={12} sx={{ mt: 1 }}>
        <ProductImageInput {...image} />
      </Grid>
    </Grid>
  );
}

/**
 * The register/edit form: productSchema on the client (context requireBrand for cooperators),
 * the server's field errors on the fields, the unsaved-changes prompt, 저장 and 취소.
 */
export function ProductForm({
  partnership,
  product,
  save,
  cancelTo,
  image,
}: {
  partnership: Partnership | undefined;
  product?: Product;
  save: (body: Record<string, unknown>) => Promise<void>;
  cancelTo: string;
  image?: Omit<ProductImageInputProps, 'saved' | 'recordId'>;
}) {
  const translate = useTranslate();
  // Fixed at mount: react-admin resets a form whose record changes, so a refetched identity or a
  // cache write after the image removal must not wipe what is being typed (edit pages key the form by id).
  const [record] = useState(() => formValuesOf(product, partnership));
  // The form's own resolver context is empty, and yupResolver passes it over schema options: give ours here.
  const resolver = useMemo<Resolver<FieldValues>>(() => {
    const base = yupResolver(productSchema) as unknown as Resolver<FieldValues>;
    const context = { requireBrand: requiresBrand(partnership) };
    return (values, _context, options) => base(values, context, options);
  }, [partnership]);
  return (
    <Form
      record={record}
      resolver={resolver}
      onSubmit={async (values: FieldValues) => {
        try {
          await save(productBody(values));
        } catch (err) {
          return submissionErrors(err);
        }
      }}
    >
      <TrackUnsavedChanges />
      <ProductInputs partnership={partnership} image={{ ...image, recordId: product?.id, saved: product?.productImage ?? null }} />
      <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
        <SaveButton label="app.common.save" />
        <Button component={RouterLink} to={cancelTo} variant="outlined">
          {translate('app.common.cancel')}
        </Button>
      </Stack>
    </Form>
  );
}
