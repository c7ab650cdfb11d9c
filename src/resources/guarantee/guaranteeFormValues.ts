import type { FieldValues } from 'react-hook-form';
import { AsYouType } from 'libphonenumber-js/min';
import { DEFAULT_COUNTRY_CODE, PHONE_INPUT_MAX } from '../../domain/guarantee';
import { bodyValueOf, formValueOf, type FieldDef } from '../../domain/resource';
import { guaranteeResource } from '../../domain/resources/guarantee';
import { digitsOnly } from '../../domain/patterns';
import type { Partnership } from '../../domain/identity';
// The form checks other countries' phones too: their rule with the form, not with the list (issue 24).
import '../../domain/phoneIntl';
import { customFieldsOf, type Guarantee } from './api';

/** The fields the form edits and sends: the definition's inputs but those the server fills (storeName, productCode). */
const FORM_FIELDS: [string, FieldDef][] = Object.entries(guaranteeResource.fields).filter(([, f]) => !f.readOnly && f.input !== false);

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

/** The form values of a new or saved certificate: each field's form value (the definition's kinds), the phone formatted, the own brand by default. */
export function formValuesOf(row: Partial<Guarantee> | undefined, partnership: Partnership | undefined): FieldValues {
  const ownBrand = !requiresBrand(partnership) ? (partnership?.brand?.idx ?? null) : null;
  const cc = row?.ordererCountryCode ?? DEFAULT_COUNTRY_CODE;
  const picked: PickedProduct | null = row?.partnersProductIdx
    ? { idx: row.partnersProductIdx, name: row.productName ?? '', code: row.modelNumber ?? row.productCode ?? null, categoryName: row.categoryName ?? '', price: row.price ?? null }
    : null;
  const stored = (row ?? {}) as Record<string, unknown>;
  return {
    ...(row?.id !== undefined ? { id: row.id } : {}),
    // An external image is edited as its URL; an uploaded one (the catalogue's) is left as it is (see guaranteeBody).
    ...Object.fromEntries(FORM_FIELDS.map(([source, f]) => [source, formValueOf(f, stored[source])])),
    ordererTel: formatPhone(row?.ordererTel ?? '', cc),
    brandIdx: row?.brandIdx ?? ownBrand ?? null,
    picked,
    customFields: customFieldsOf(row?.customField ?? null).map(([name, value]) => ({ name, value })),
    temporary: false,
    reserve: false,
    reservationDays: '',
    deliveredAt: '',
  };
}

/**
 * The POST/PATCH body: each field's body value (the definition's kinds: trimmed texts, empty → null,
 * amounts and keys as numbers, the phone as digits), custom fields as an object, the issue options.
 */
export function guaranteeBody(values: FieldValues, opts: { issueOptions: boolean; keepUploadedImage?: boolean }): Record<string, unknown> {
  const body: Record<string, unknown> = Object.fromEntries(FORM_FIELDS.map(([source, f]) => [source, bodyValueOf(f, values[source])]));
  // An edit that leaves the image field empty keeps an uploaded image (PATCH is partial).
  if (opts.keepUploadedImage && body.productImage === null) delete body.productImage;
  const custom = (values.customFields as { name: string; value?: string }[] | undefined) ?? [];
  body.customField = custom.length ? Object.fromEntries(custom.map((c) => [c.name, (c.value ?? '').trim()])) : null;
  if (opts.issueOptions) {
    if (values.temporary) body.temporary = true;
    else if (values.reserve) {
      body.reservationDays = Number(values.reservationDays);
      body.deliveredAt = String(values.deliveredAt ?? '').trim() || null;
    }
  }
  return body;
}
