import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, Grid, Paper, Stack, Typography } from '@mui/material';
import { BooleanInput, Form, SaveButton, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch, type FieldValues, type Resolver } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { AsYouType } from 'libphonenumber-js/min';
import { Link as RouterLink } from 'react-router-dom';
import {
  DEFAULT_COUNTRY_CODE, GUARANTEE_MSG, OFFLINE_GUARANTEE_COUNT, PHONE_INPUT_MAX, RESERVATION_DAYS_MAX, guaranteeSchema,
} from '../../domain/guarantee';
import { PRODUCT_CATEGORIES, PRODUCT_NAME_MAX, PRODUCT_PRICE_INPUT_MAX_LENGTH, PRODUCT_TEXT_MAX, formatPrice, parsePrice } from '../../domain/product';
import { digitsOnly } from '../../domain/patterns';
import type { Partnership } from '../../domain/identity';
import { TrackUnsavedChanges } from '../../custom/unsavedChanges';
import { submissionErrors } from '../../custom/formErrors';
import { categoryName, useBrandList, won, type Product } from '../product/api';
import { customFieldsOf, useStoreList, useTemplateFields, useTemplateList, type Guarantee } from './api';
import { ProductPicker } from './ProductPicker';
import { DateInput } from '../../custom/date/DateInput';

const F = (field: string) => `guarantee.fields.${field}`;
const CATEGORY_CHOICES = Object.entries(PRODUCT_CATEGORIES).map(([id, name]) => ({ id: Number(id), name }));
const SELECT_SX = { mt: 0, mb: 0 } as const;
/** An optional select's "none" is sent as null (react-admin's SelectInput gives ''). */
const emptyToNull = (v: unknown) => (v === '' ? null : v);
const TEXT_FIELDS = ['ordererName', 'refOrderId', 'productName', 'modelNumber', 'material', 'size', 'weight', 'productImage'] as const;
const DATE_FIELDS = ['orderedAt', 'warrantyDate'] as const;

/** Cooperator (multi-brand) accounts pick the brand of each certificate (guaranteeSchema's requireBrand). */
export const requiresBrand = (p: Partnership | undefined) => p?.b2bType === 'cooperator';

/** The form's product summary of a picked catalogue product. */
export interface PickedProduct {
  idx: number;
  name: string;
  code: string | null;
  categoryName: string;
  price: number | null;
}

/** Korean numbers as 010-1234-5678 while typing; other countries in their own format (libphonenumber). */
export function formatPhone(value: string | null | undefined, countryCode: string | null | undefined): string {
  const digits = digitsOnly(String(value ?? '')).slice(0, PHONE_INPUT_MAX);
  if (!digits) return '';
  const cc = /^\d{1,4}$/.test(countryCode ?? '') ? (countryCode as string) : DEFAULT_COUNTRY_CODE;
  try {
    return new AsYouType({ defaultCallingCode: cc }).input(digits) || digits;
  } catch {
    return digits;
  }
}

/** The form values of a new or saved certificate. */
export function formValuesOf(row: Partial<Guarantee> | undefined, partnership: Partnership | undefined): FieldValues {
  const ownBrand = !requiresBrand(partnership) ? (partnership?.brand?.idx ?? null) : null;
  const cc = row?.ordererCountryCode ?? DEFAULT_COUNTRY_CODE;
  const picked: PickedProduct | null = row?.partnersProductIdx
    ? { idx: row.partnersProductIdx, name: row.productName ?? '', code: row.modelNumber ?? row.productCode ?? null, categoryName: row.categoryName ?? '', price: row.price ?? null }
    : null;
  return {
    ...(row?.id !== undefined ? { id: row.id } : {}),
    nftTemplateIdx: row?.nftTemplateIdx ?? null,
    ordererName: row?.ordererName ?? '',
    ordererCountryCode: cc,
    ordererTel: formatPhone(row?.ordererTel ?? '', cc),
    orderedAt: row?.orderedAt ?? '',
    refOrderId: row?.refOrderId ?? '',
    storeIdx: row?.storeIdx ?? null,
    brandIdx: row?.brandIdx ?? ownBrand ?? null,
    partnersProductIdx: row?.partnersProductIdx ?? null,
    picked,
    productName: row?.productName ?? '',
    modelNumber: row?.modelNumber ?? '',
    categoryCode: row?.categoryCode ?? '',
    price: formatPrice(row?.price ?? ''),
    paymentAmount: formatPrice(row?.paymentAmount ?? ''),
    warrantyDate: row?.warrantyDate ?? '',
    // An external image is edited as its URL; an uploaded one (the catalogue's) is left as it is (see guaranteeBody).
    productImage: typeof row?.productImage === 'string' ? row.productImage : row?.productImage && !row.productImage.path ? row.productImage.url : '',
    material: row?.material ?? '',
    size: row?.size ?? '',
    weight: row?.weight ?? '',
    customFields: customFieldsOf(row?.customField ?? null).map(([name, value]) => ({ name, value })),
    temporary: false,
    reserve: false,
    reservationDays: '',
    deliveredAt: '',
  };
}

const text = (v: unknown): string | null => {
  const s = typeof v === 'string' ? v.trim() : v === null || v === undefined ? '' : String(v);
  return s === '' ? null : s;
};
const idOrNull = (v: unknown): number | null => (v === '' || v === null || v === undefined ? null : Number(v));

/** The POST/PATCH body: trimmed texts (empty → null), amounts as numbers, the phone as digits, custom fields as an object. */
export function guaranteeBody(values: FieldValues, opts: { issueOptions: boolean; keepUploadedImage?: boolean }): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of TEXT_FIELDS) body[f] = text(values[f]);
  for (const f of DATE_FIELDS) body[f] = text(values[f]);
  body.ordererName = text(values.ordererName) ?? '';
  body.ordererCountryCode = text(values.ordererCountryCode) ?? DEFAULT_COUNTRY_CODE;
  body.ordererTel = digitsOnly(String(values.ordererTel ?? ''));
  body.nftTemplateIdx = idOrNull(values.nftTemplateIdx);
  body.storeIdx = idOrNull(values.storeIdx);
  body.brandIdx = idOrNull(values.brandIdx);
  body.partnersProductIdx = idOrNull(values.partnersProductIdx);
  body.categoryCode = idOrNull(values.categoryCode);
  body.price = parsePrice(values.price as string | number | null);
  body.paymentAmount = parsePrice(values.paymentAmount as string | number | null);
  // An edit that leaves the image field empty keeps an uploaded image (PATCH is partial).
  if (opts.keepUploadedImage && body.productImage === null) delete body.productImage;
  const custom = (values.customFields as { name: string; value?: string }[] | undefined) ?? [];
  body.customField = custom.length ? Object.fromEntries(custom.map((c) => [c.name, (c.value ?? '').trim()])) : null;
  if (opts.issueOptions) {
    if (values.temporary) body.temporary = true;
    else if (values.reserve) {
      body.reservationDays = Number(values.reservationDays);
      body.deliveredAt = text(values.deliveredAt);
    }
  }
  return body;
}

/** The template select (main one preselected) and, from its field settings, the custom field inputs. */
function TemplateInputs() {
  const translate = useTranslate();
  const { resetField, getValues, setValue } = useFormContext();
  const templates = useTemplateList();
  const templateIdx = useWatch({ name: 'nftTemplateIdx' }) as number | '' | null;
  const choices = useMemo(
    () => (templates.data ?? []).map((t) => ({ id: t.idx, name: t.status === 'STOP' ? `${t.nftCardName} (${translate('guarantee.form.templateStopped')})` : t.nftCardName, disabled: t.status === 'STOP' })),
    [templates.data, translate],
  );
  // The main template is preselected (as the form's default, so it does not count as an edit).
  useEffect(() => {
    if (getValues('nftTemplateIdx') !== '' && getValues('nftTemplateIdx') !== null) return;
    const list = templates.data ?? [];
    const main = list.find((t) => t.isMain && t.status !== 'STOP') ?? list.find((t) => t.status !== 'STOP');
    if (main) resetField('nftTemplateIdx', { defaultValue: main.idx });
  }, [templates.data, getValues, resetField]);
  const fields = useTemplateFields(typeof templateIdx === 'number' ? templateIdx : templateIdx ? Number(templateIdx) : null);
  // The template's custom fields, keeping values already typed (or saved) under the same names.
  useEffect(() => {
    if (!fields.data) return;
    const current = (getValues('customFields') as { name: string; value?: string }[] | undefined) ?? [];
    const next = fields.data.nftCustomFields.map((f) => ({ name: f.name, value: current.find((c) => c.name === f.name)?.value ?? f.value ?? '' }));
    // Not a registered input (resetField would ignore it): set without marking the form dirty.
    setValue('customFields', next, { shouldDirty: false });
  }, [fields.data, getValues, setValue]);
  const customFields = (useWatch({ name: 'customFields' }) as { name: string }[] | undefined) ?? [];

  return (
    <>
      <Grid size={{ xs: 12, md: 6 }}>
        <SelectInput
          source="nftTemplateIdx"
          label={F('nftTemplateIdx')}
          choices={choices}
          isPending={templates.isPending}
          emptyText="app.common.none"
          parse={emptyToNull}
          helperText={templates.data && templates.data.length === 0 ? 'guarantee.form.noTemplate' : false}
          fullWidth
          sx={SELECT_SX}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }} />
      {customFields.map((c, i) => (
        <Grid key={c.name} size={{ xs: 12, md: 6 }}>
          <TextInput source={`customFields.${i}.value`} label={c.name} fullWidth slotProps={{ htmlInput: { maxLength: PRODUCT_TEXT_MAX } }} />
        </Grid>
      ))}
    </>
  );
}

/** Which optional product inputs the chosen template shows (material, size, weight, product image). */
function useTemplateFlags() {
  const templateIdx = useWatch({ name: 'nftTemplateIdx' }) as number | '' | null;
  const fields = useTemplateFields(typeof templateIdx === 'number' ? templateIdx : templateIdx ? Number(templateIdx) : null);
  const d = fields.data;
  return { material: d?.useFieldMaterial === 'Y', size: d?.useFieldSize === 'Y', weight: d?.useFieldWeight === 'Y', image: d?.useNftProdImage === 'Y' };
}

/** The product: picked from the catalogue (ProductPicker) or typed in. */
function ProductInputs({ cooperator }: { cooperator: boolean }) {
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
            <TextInput source="productName" label={F('productName')} isRequired fullWidth slotProps={{ htmlInput: { maxLength: PRODUCT_NAME_MAX } }} />
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <TextInput source="modelNumber" label={F('modelNumber')} fullWidth slotProps={{ htmlInput: { maxLength: PRODUCT_TEXT_MAX } }} />
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <SelectInput source="categoryCode" label={F('categoryCode')} choices={CATEGORY_CHOICES} isRequired={cooperator} emptyText="app.common.none" fullWidth sx={SELECT_SX} />
          </Grid>
        </>
      )}
      {flags.material && (
        <Grid size={{ xs: 12, md: 4 }}>
          <TextInput source="material" label={F('material')} fullWidth slotProps={{ htmlInput: { maxLength: PRODUCT_TEXT_MAX } }} />
        </Grid>
      )}
      {flags.size && (
        <Grid size={{ xs: 12, md: 4 }}>
          <TextInput source="size" label={F('size')} fullWidth slotProps={{ htmlInput: { maxLength: PRODUCT_TEXT_MAX } }} />
        </Grid>
      )}
      {flags.weight && (
        <Grid size={{ xs: 12, md: 4 }}>
          <TextInput source="weight" label={F('weight')} fullWidth slotProps={{ htmlInput: { maxLength: PRODUCT_TEXT_MAX } }} />
        </Grid>
      )}
      {flags.image && (
        <Grid size={12}>
          <TextInput source="productImage" label={F('productImageUrl')} helperText="guarantee.form.productImageHint" fullWidth slotProps={{ htmlInput: { maxLength: 500, inputMode: 'url' } }} />
        </Grid>
      )}
      <ProductPicker open={open} cooperator={cooperator} onClose={() => setOpen(false)} onPick={pick} />
    </>
  );
}

const amountProps = {
  format: (v: string | number | null | undefined) => formatPrice(v),
  parse: (v: string) => formatPrice(v),
  slotProps: { htmlInput: { maxLength: PRODUCT_PRICE_INPUT_MAX_LENGTH, inputMode: 'numeric' as const }, input: { endAdornment: <Box component="span" sx={{ ml: 1, color: 'text.secondary' }}>원</Box> } },
};

/** 임시 저장 or 예약 발급 (n days after delivery): register pages only. */
function IssueOptions() {
  const { setValue } = useFormContext();
  const temporary = useWatch({ name: 'temporary' }) as boolean;
  const reserve = useWatch({ name: 'reserve' }) as boolean;
  return (
    <>
      <Grid size={{ xs: 12, md: 6 }}>
        <BooleanInput source="temporary" label={F('temporary')} helperText="guarantee.form.temporaryHint" onChange={(e: { target: { checked: boolean } }) => e.target.checked && setValue('reserve', false)} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <BooleanInput source="reserve" label={F('reservation')} helperText="guarantee.form.reservationHint" onChange={(e: { target: { checked: boolean } }) => e.target.checked && setValue('temporary', false)} />
      </Grid>
      {reserve && !temporary && (
        <>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextInput source="reservationDays" label={F('reservationDays')} isRequired fullWidth slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: String(RESERVATION_DAYS_MAX).length } }} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <DateInput source="deliveredAt" label={F('deliveredAt')} fullWidth />
          </Grid>
        </>
      )}
    </>
  );
}

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
        <TextInput source="ordererName" label={F('ordererName')} isRequired fullWidth slotProps={{ htmlInput: { maxLength: PRODUCT_TEXT_MAX } }} />
      </Grid>
      <Grid size={{ xs: 4, md: 2 }}>
        <TextInput source="ordererCountryCode" label={F('ordererCountryCode')} fullWidth parse={(v: string) => digitsOnly(v).slice(0, 4)} slotProps={{ htmlInput: { maxLength: 4, inputMode: 'numeric' }, input: { startAdornment: <Box component="span" sx={{ mr: 0.5, color: 'text.secondary' }}>+</Box> } }} />
      </Grid>
      <Grid size={{ xs: 8, md: 4 }}>
        <TextInput source="ordererTel" label={F('ordererTel')} isRequired fullWidth parse={(v: string) => formatPhone(v, countryCode)} slotProps={{ htmlInput: { maxLength: PHONE_INPUT_MAX, inputMode: 'tel' } }} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <DateInput source="orderedAt" label={F('orderedAt')} fullWidth />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextInput source="refOrderId" label={F('refOrderId')} fullWidth slotProps={{ htmlInput: { maxLength: PRODUCT_TEXT_MAX } }} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <SelectInput source="storeIdx" label={F('storeName')} choices={storeChoices} isPending={stores.isPending} emptyText="app.common.none" parse={emptyToNull} fullWidth sx={SELECT_SX} />
      </Grid>
      {cooperator ? (
        <Grid size={{ xs: 12, md: 6 }}>
          <SelectInput source="brandIdx" label={F('brandName')} choices={brandChoices} isPending={brands.isPending} isRequired emptyText="ra.action.select" parse={emptyToNull} fullWidth sx={SELECT_SX} />
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

function SubmitButton({ issueOptions }: { issueOptions: boolean }) {
  const temporary = useWatch({ name: 'temporary' }) as boolean;
  const reserve = useWatch({ name: 'reserve' }) as boolean;
  const label = !issueOptions ? 'app.common.save' : temporary ? 'guarantee.form.submitTemporary' : reserve ? 'guarantee.form.submitReservation' : 'guarantee.form.submit';
  // Enabled before any edit: submitting an untouched register form shows the required-field messages.
  return <SaveButton label={label} alwaysEnable={issueOptions} />;
}

/** A reservation needs its number of days (the schema checks the range when given). */
function reservationErrors(values: FieldValues): Record<string, { type: string; message: string }> {
  if (values.reserve && !values.temporary && String(values.reservationDays ?? '').trim() === '') {
    return { reservationDays: { type: 'required', message: GUARANTEE_MSG.reservationDaysInvalid } };
  }
  return {};
}

/**
 * The register/edit form: guaranteeSchema (context requireBrand for cooperators), the server's field
 * errors on the fields, the unsaved-changes prompt, the submit and 취소.
 */
export function GuaranteeForm({
  partnership,
  guarantee,
  save,
  cancelTo,
  offline = false,
  issueOptions = true,
}: {
  partnership: Partnership | undefined;
  guarantee?: Guarantee;
  save: (body: Record<string, unknown>) => Promise<void>;
  cancelTo: string;
  offline?: boolean;
  issueOptions?: boolean;
}) {
  const translate = useTranslate();
  // Fixed at mount: a refetched identity or cache write must not reset what is being typed.
  const [record] = useState(() => formValuesOf(guarantee, partnership));
  const resolver = useMemo<Resolver<FieldValues>>(() => {
    const base = yupResolver(guaranteeSchema) as unknown as Resolver<FieldValues>;
    const context = { requireBrand: requiresBrand(partnership) };
    return async (values, _context, options) => {
      const result = await base(values, context, options);
      const extra = reservationErrors(values);
      if (Object.keys(extra).length === 0) return result;
      return { values: {}, errors: { ...result.errors, ...extra } };
    };
  }, [partnership]);
  return (
    <Form
      record={record}
      resolver={resolver}
      onSubmit={async (values: FieldValues) => {
        try {
          const keepUploadedImage = typeof guarantee?.productImage === 'object' && Boolean(guarantee?.productImage?.path);
          await save(guaranteeBody({ ...record, ...values }, { issueOptions, keepUploadedImage }));
        } catch (err) {
          return submissionErrors(err);
        }
      }}
    >
      <TrackUnsavedChanges />
      <GuaranteeInputs partnership={partnership} offline={offline} issueOptions={issueOptions} />
      <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
        <SubmitButton issueOptions={issueOptions} />
        <Button component={RouterLink} to={cancelTo} variant="outlined">
          {translate('app.common.cancel')}
        </Button>
      </Stack>
    </Form>
  );
}
