import type { FieldValues } from 'react-hook-form';
import { AsYouType } from 'libphonenumber-js/min';
import { DEFAULT_COUNTRY_CODE, PHONE_INPUT_MAX } from '../../domain/guarantee';
import { formatPrice, parsePrice } from '../../domain/product';
import { digitsOnly } from '../../domain/patterns';
import type { Partnership } from '../../domain/identity';
import { customFieldsOf, type Guarantee } from './api';

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
