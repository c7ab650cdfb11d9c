import * as yup from 'yup';
import { formatPrice, parsePrice } from './format';
import { FIELD_MSG } from './messages';
import { idxJson, idxSchema } from './integers';
import { EMAIL, EMAIL_MAX, digitsOnly } from './patterns';
import { isYmd, toYmd8 } from './seoulDay';
import { DEFAULT_COUNTRY_CODE, phoneRulesLoaded } from './guarantee';

/**
 * The field kinds of a resource definition (src/domain/resource.ts): what each declares, its value
 * types, and per field its yup schema, JSON Schema, body value and form value. A new kind is one
 * interface, one builder and one branch in each switch here (plus its input in
 * src/framework/resource/FieldInput.tsx and its column in server/db/resourceTable.ts).
 */

interface FieldCommon {
  /** Shown as a list column (in declaration order). */
  column?: boolean;
  /** Set by the server (key, creation time): listed and answered, never accepted in a body. */
  readOnly?: boolean;
  /** A helper text under the input, `<name>.<source>Help`. */
  help?: boolean;
  /** The input's width on wide screens, in twelfths of the form (a full row without it). */
  span?: 4 | 6 | 12;
  /** Accepted by the API and kept by the form, but given no input on the console's form. */
  input?: false;
  /**
   * Required only in some cases (an optional kind): when the validation context's `flag` is set
   * and/or the sibling field `empty` is empty (null, undefined or ''), with its message.
   */
  requiredWhen?: RequiredWhen;
  /** The form shows the input only while another field holds one of these values (an expiry date only for an expiry by date). */
  shownWhen?: { field: string; in: readonly unknown[] };
  /** Read-only and answered by the server from another table (a coupon's membership name): no column of its own. */
  computed?: true;
}
export interface RequiredWhen {
  flag?: string;
  empty?: string;
  message: string;
}
/**
 * A message the spec fixes, or `true`: the standard one, made by `defineResource` from the field's
 * label and rule (STANDARD_MSG: "매장명을 입력해 주세요"), so that a rule is written once.
 */
export type Said = string | true;
/** The most characters, with the spec's message, or the bare number for the standard message ("태그는 100자까지 입력할 수 있어요"). */
export type MaxLength = number | { length: number; message: string };
export const maxLengthOf = (max: MaxLength | undefined): number | undefined => (typeof max === 'number' ? max : max?.length);

/** A message as the schema needs it: `defineResource` has replaced every `true` and bare limit before any schema is built. */
export function messageOf(m: Said | undefined): string {
  if (m === true || m === undefined) throw new Error('a standard message is made by defineResource: declare the field inside one');
  return m;
}
function maxOf(max: MaxLength): { length: number; message: string } {
  if (typeof max === 'number') return { length: max, message: messageOf(undefined) };
  return max;
}

export interface TextField extends FieldCommon {
  type: 'text';
  /** The message of an empty value; without it the field is optional (an empty value is null). */
  required?: Said;
  max?: MaxLength;
  /** The list's search box matches it (contains, case-insensitive). */
  searchable?: boolean;
  /** Several lines, kept as typed (not trimmed): a multiline box. */
  multiline?: boolean;
}
/** A Y/N flag (the spec's boolean columns), edited as a switch. */
export interface FlagField extends FieldCommon {
  type: 'flag';
  invalid: string;
  default: 'Y' | 'N';
}
export interface IntegerField extends FieldCommon {
  type: 'integer';
  /** May be null (a record's optional key, e.g. a customer's grade). */
  nullable?: boolean;
}
export interface DateTimeField extends FieldCommon {
  type: 'datetime';
}
/**
 * A whole number typed with thousands separators ("1,234,000", as the price inputs show it); the
 * body may carry the number or that text. Optional: an empty value is null.
 */
export interface NumberField extends FieldCommon {
  type: 'number';
  /** The message of anything that is not a whole number at least `min`. */
  invalid: string;
  min: number;
  max: { value: number; message: string };
  /** Shown and exported as won ("1,234,000원"). */
  won?: boolean;
}
/** One of a fixed set of numeric codes, chosen in a select; an empty value is null unless `required`. */
export interface SelectField extends FieldCommon {
  type: 'select';
  /** Code → label (the spec's table, e.g. the product categories). */
  options: Readonly<Record<number, string>>;
  invalid: string;
  /** The message of an empty choice: the form marks the select required, the body and the column take no null. */
  required?: Said;
}
/**
 * The key of another resource's record (a brand), chosen from the list at `picker`. Required when
 * the validation context's `requiredIf` flag is set (cooperators' products name a brand).
 */
export interface ReferenceField extends FieldCommon {
  type: 'reference';
  picker: string;
  required: Said;
  requiredIf?: string;
}
/** Keys of another resource's records (stores), chosen from the list at `picker`; an empty list without any. */
export interface ReferencesField extends FieldCommon {
  type: 'references';
  picker: string;
  invalid: string;
  max: number;
}
/** An uploaded image: sent as the upload's path, answered as `{ path, url }` (or null). */
export interface ImageField extends FieldCommon {
  type: 'image';
  maxPathLength: number;
  invalid: string;
}
/** Uploaded images, at most `max`: sent as the uploads' paths, answered as `[{ path, url }]`; none is an empty list. */
export interface ImagesField extends FieldCommon {
  type: 'images';
  max: number;
  maxPathLength: number;
  invalid: string;
}
/** A calendar day, YYYY-MM-DD (no time, no zone), typed in the DateInput; optional without `required`. */
export interface DateField extends FieldCommon {
  type: 'date';
  /** The message of an empty value; without it an empty value is null. */
  required?: Said;
  /** The message of a text that is not a day (FIELD_MSG.dateFormat without it). */
  invalid?: string;
  /** Also typed as YYYYMMDD, and sent as YYYYMMDD (customers' birthday); an empty one is null. */
  compact?: boolean;
}
/**
 * A phone number checked against the country code in the sibling field `countryField` (a
 * `countryCode` field) by `check`, which answers null or the message. Typed as the user likes
 * ("010-1234-5678"), sent as digits.
 */
export interface PhoneField extends FieldCommon {
  type: 'phone';
  required: string;
  /** The most characters typed, and the message of more. */
  max: { length: number; message: string };
  countryField: string;
  check: (tel: string, countryCode: string) => string | null;
}
/** A country calling code, 1 to 4 digits ('82'); an empty one is the default. */
export interface CountryCodeField extends FieldCommon {
  type: 'countryCode';
  /** The message of a code that is not 1 to 4 digits; without it the code is left to the phone's `check`. */
  invalid?: string;
  default: string;
}
/** One of a fixed set of text codes (customers' gender M/F), chosen by radio buttons; optional: an empty value is null. */
export interface ChoiceField extends FieldCommon {
  type: 'choice';
  options: readonly string[];
  invalid: string;
}
/** An e-mail address (EMAIL, at most EMAIL_MAX characters), trimmed; optional: an empty value is null. */
export interface EmailField extends FieldCommon {
  type: 'email';
  invalid: string;
}
/**
 * An image named by a text the field `accepts` (an external URL, an upload's path); optional.
 * Answered as `{ path, url }` (path null for an external URL), edited as the URL when external.
 */
export interface ImageUrlField extends FieldCommon {
  type: 'imageUrl';
  invalid: string;
  accepts: (value: string) => boolean;
}
export type FieldDef =
  | TextField | FlagField | IntegerField | DateTimeField | DateField | NumberField | SelectField | ReferenceField | ReferencesField | ImageField | ImagesField
  | PhoneField | CountryCodeField | ImageUrlField | ChoiceField | EmailField;

/** Field builders: `field.text({ required: FIELD_MSG.x })` reads like the spec's field table. */
export const field = {
  text: <const O extends Omit<TextField, 'type'>>(o: O = {} as O): TextField & O => ({ type: 'text', ...o }),
  flag: <const O extends Omit<FlagField, 'type'>>(o: O): FlagField & O => ({ type: 'flag', ...o }),
  /** A number set by the server (counts, sums, another record's key), answered, never accepted. */
  integer: <const O extends Omit<IntegerField, 'type' | 'readOnly'>>(o: O = {} as O): IntegerField & O & { readOnly: true } => ({ type: 'integer', readOnly: true, ...o }),
  key: (): IntegerField & { readOnly: true } => ({ type: 'integer', readOnly: true, column: true }),
  createdAt: (): DateTimeField & { readOnly: true } => ({ type: 'datetime', readOnly: true, column: true }),
  /** A creation/update time set by the server, listed only when `column` says so. */
  datetime: (o: Omit<DateTimeField, 'type' | 'readOnly'> = {}): DateTimeField & { readOnly: true } => ({ type: 'datetime', readOnly: true, ...o }),
  number: (o: Omit<NumberField, 'type'>): NumberField => ({ type: 'number', ...o }),
  select: <const O extends Omit<SelectField, 'type'>>(o: O): SelectField & O => ({ type: 'select', ...o }),
  reference: (o: Omit<ReferenceField, 'type'>): ReferenceField => ({ type: 'reference', ...o }),
  references: (o: Omit<ReferencesField, 'type'>): ReferencesField => ({ type: 'references', ...o }),
  image: (o: Omit<ImageField, 'type'>): ImageField => ({ type: 'image', ...o }),
  images: (o: Omit<ImagesField, 'type'>): ImagesField => ({ type: 'images', ...o }),
  date: <const O extends Omit<DateField, 'type'>>(o: O = {} as O): DateField & O => ({ type: 'date', ...o }),
  phone: (o: Omit<PhoneField, 'type'>): PhoneField => ({ type: 'phone', ...o }),
  countryCode: (o: Omit<CountryCodeField, 'type'>): CountryCodeField => ({ type: 'countryCode', ...o }),
  imageUrl: (o: Omit<ImageUrlField, 'type'>): ImageUrlField => ({ type: 'imageUrl', ...o }),
  choice: (o: Omit<ChoiceField, 'type'>): ChoiceField => ({ type: 'choice', ...o }),
  email: (o: Omit<EmailField, 'type'>): EmailField => ({ type: 'email', ...o }),
};

/** A field's value in an API answer: times as ISO text, days as YYYY-MM-DD, an optional text or day possibly null. */
export type FieldValue<F extends FieldDef> = F extends TextField | DateField
  ? F extends { required: Said } ? string : string | null
  : F extends ChoiceField | EmailField ? string | null
  : F extends FlagField ? 'Y' | 'N' : F extends IntegerField ? (F extends { nullable: true } ? number | null : number)
  : F extends NumberField | SelectField | ReferenceField ? number | null
  : F extends ReferencesField ? number[]
  : F extends ImageField ? { path: string; url: string } | null
  : F extends ImagesField ? { path: string; url: string }[]
  : F extends ImageUrlField ? { path: string | null; url: string } | null : string;

/** A field's value in a body, as the yup schema answers it (optional inputs may be missing). */
export type InputValue<F extends FieldDef> = F extends TextField | DateField
  ? F extends { required: Said } ? string : string | null | undefined
  : F extends ChoiceField | EmailField ? string | null | undefined
  : F extends FlagField | PhoneField | CountryCodeField ? (F extends FlagField ? 'Y' | 'N' : string)
  : F extends ReferencesField ? number[]
  : F extends ImagesField ? string[]
  : F extends ImageField | ImageUrlField ? string | null | undefined : number | null | undefined;

type Fields<D> = D extends { fields: infer F extends Record<string, FieldDef> } ? F : never;
/** The input fields of a resource the body always holds after validation (a required text, a defaulted flag), and the rest. */
type AlwaysKeys<F extends Record<string, FieldDef>> = {
  [K in keyof F]: F[K] extends { readOnly: true } ? never
    : F[K] extends ((TextField | DateField) & { required: Said }) | FlagField | PhoneField | CountryCodeField | ReferencesField | ImagesField ? K : never;
}[keyof F];
type MaybeKeys<F extends Record<string, FieldDef>> = {
  [K in keyof F]: F[K] extends { readOnly: true } ? never : K extends AlwaysKeys<F> ? never : K;
}[keyof F];

/** A body of a resource as validated by its yup schema: its input (not read-only) fields, the optional ones optional. */
export type InputOf<D extends { fields: Record<string, FieldDef> }> = { [K in AlwaysKeys<Fields<D>>]: InputValue<Fields<D>[K]> } & {
  [K in MaybeKeys<Fields<D>>]?: InputValue<Fields<D>[K]>;
};

/** A record of a resource as the API answers it, typed from its fields. */
export type RecordOf<D extends { fields: Record<string, FieldDef> }> = { [K in keyof D['fields']]: FieldValue<D['fields'][K]> };


/** A field's yup schema: its kind's rules, then its conditional requirement. */
export function yupOfField(f: FieldDef): yup.AnySchema {
  return f.requiredWhen ? withRequiredWhen(yupOfKind(f), f.requiredWhen) : yupOfKind(f);
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

function withRequiredWhen(s: yup.AnySchema, when: RequiredWhen): yup.AnySchema {
  const keys = [...(when.flag ? [`$${when.flag}`] : []), ...(when.empty ? [when.empty] : [])];
  return s.when(keys, {
    is: (...values: unknown[]) => (!when.flag || values[0] === true) && (!when.empty || isEmpty(values[when.flag ? 1 : 0])),
    then: (r) => r.required(when.message),
  });
}

const COUNTRY_CODE = /^\d{1,4}$/;

function yupOfKind(f: FieldDef): yup.AnySchema {
  switch (f.type) {
    case 'text': {
      // A multiline text is kept as typed, but blank is empty on both sides (issue 22 A4: the API
      // took a required memo of spaces the form refused).
      let s = f.multiline ? yup.string().transform((v: unknown) => (typeof v === 'string' && v.trim() === '' ? '' : v)) : yup.string().trim();
      if (f.max) {
        const max = maxOf(f.max);
        s = s.max(max.length, max.message);
      }
      return f.required ? s.required(messageOf(f.required)) : s.nullable().optional();
    }
    case 'number':
      return yup.number()
        .transform((_value, original) => parsePrice(original as string | number | null | undefined) ?? undefined)
        .typeError(f.invalid).integer(f.invalid).min(f.min, f.invalid).max(f.max.value, f.max.message)
        .nullable().optional();
    case 'select': {
      const codes = Object.keys(f.options).map(Number);
      const s = yup.number()
        .transform((value, original) => (original === '' || original === null ? undefined : value))
        .typeError(f.invalid).oneOf([...codes, undefined], f.invalid);
      return f.required ? s.required(messageOf(f.required)) : s.nullable().optional();
    }
    case 'reference': {
      const message = messageOf(f.required);
      const s = idxSchema(message).nullable().optional();
      return f.requiredIf ? s.when(`$${f.requiredIf}`, { is: true, then: (r) => r.required(message) }) : s;
    }
    case 'references':
      return yup.array(idxSchema(f.invalid).required(f.invalid))
        .typeError(f.invalid).max(f.max, f.invalid).default([]);
    case 'image':
      return yup.string().trim().max(f.maxPathLength, f.invalid).nullable().optional();
    case 'images':
      return yup.array(yup.string().typeError(f.invalid).trim().max(f.maxPathLength, f.invalid).required(f.invalid))
        .typeError(f.invalid).max(f.max, f.invalid).default([]);
    case 'flag':
      return yup.string().oneOf(['Y', 'N'], f.invalid).nonNullable(f.invalid).default(f.default);
    case 'integer':
      return f.nullable ? yup.number().integer().nullable() : yup.number().integer();
    case 'datetime':
      return yup.string();
    case 'date': {
      const isDay = f.compact ? (v: string) => toYmd8(v) !== null : isYmd;
      const s = yup.string().trim().test('ymd', f.invalid ?? FIELD_MSG.dateFormat, (v) => !v || isDay(v));
      return f.required ? s.required(messageOf(f.required)) : s.nullable().optional();
    }
    case 'phone':
      return yup.string().trim().required(f.required).max(f.max.length, f.max.message)
        .test('phone', f.max.message, function check(value) {
          const country = (this.parent as Record<string, string | undefined>)[f.countryField] || '';
          const verdict = () => {
            const message = f.check(value ?? '', country);
            return message === null || this.createError({ message });
          };
          // Another country's rule loads on demand (the forms and the server load it up front, issue 24).
          return country && country !== DEFAULT_COUNTRY_CODE && !phoneRulesLoaded() ? import('./phoneIntl').then(verdict) : verdict();
        });
    case 'countryCode': {
      const s = yup.string().trim().default(f.default);
      return f.invalid ? s.matches(COUNTRY_CODE, f.invalid) : s;
    }
    case 'choice':
      return yup.string().nullable().transform((v: unknown) => (v === '' ? null : v)).oneOf([...f.options, null], f.invalid);
    case 'email':
      return yup.string().nullable()
        .transform((v: unknown) => (typeof v === 'string' ? v.trim() || null : v))
        .max(EMAIL_MAX, f.invalid).matches(EMAIL, { message: f.invalid, excludeEmptyString: true });
    case 'imageUrl':
      return yup.string().trim().nullable().optional().test('image', f.invalid, (v) => !v || f.accepts(v));
  }
}

export type Json = Record<string, unknown>;

export function jsonOfField(f: FieldDef, description: string): Json {
  switch (f.type) {
    case 'text':
      return { type: f.required ? 'string' : ['string', 'null'], description, ...(f.max ? { maxLength: maxLengthOf(f.max) } : {}) };
    case 'flag':
      return { type: 'string', enum: ['Y', 'N'], default: f.default, description };
    case 'integer':
      return { type: f.nullable ? ['integer', 'null'] : 'integer', description };
    case 'datetime':
      return { type: 'string', format: 'date-time', description };
    case 'number':
      return { type: ['integer', 'null'], minimum: f.min, maximum: f.max.value, description: `${description} (숫자 또는 "1,234,000")` };
    case 'select':
      return f.required
        ? { type: 'integer', enum: Object.keys(f.options).map(Number), description }
        : { type: ['integer', 'null'], enum: [...Object.keys(f.options).map(Number), null], description };
    case 'reference':
      return { ...idxJson(`${description} (${f.picker})`), type: ['integer', 'null'] };
    case 'references':
      return { type: 'array', items: idxJson(), maxItems: f.max, description: `${description} (${f.picker})` };
    case 'image':
      return { type: ['string', 'null'], maxLength: f.maxPathLength, description: `${description}: 업로드한 이미지의 path` };
    case 'images':
      return { type: 'array', items: { type: 'string', maxLength: f.maxPathLength }, maxItems: f.max, description: `${description}: 업로드한 이미지의 path, ${f.max}개까지` };
    case 'date':
      return f.compact
        ? { type: ['string', 'null'], description: `${description} (YYYY-MM-DD 또는 YYYYMMDD)` }
        : { type: f.required ? 'string' : ['string', 'null'], format: 'date', description };
    case 'phone':
      return { type: 'string', maxLength: f.max.length, description: `${description} (${f.countryField}의 번호)` };
    case 'countryCode':
      return { type: 'string', ...(f.invalid ? { pattern: COUNTRY_CODE.source } : {}), default: f.default, description };
    case 'choice':
      return { type: ['string', 'null'], enum: [...f.options, null], description };
    case 'email':
      return { type: ['string', 'null'], format: 'email', maxLength: EMAIL_MAX, description };
    case 'imageUrl':
      return { type: ['string', 'null'], description: `${description}: 이미지 URL 또는 업로드한 이미지의 path` };
  }
}

/** JSON Schema of a field's value in a record: an image is answered as `{ path, url }`. */
export function recordJsonOfField(f: FieldDef, description: string): Json {
  if (f.type === 'images') return { type: 'array', description, items: { type: 'object', properties: { path: { type: 'string' }, url: { type: 'string' } } } };
  if (f.type === 'imageUrl') return { type: ['object', 'null'], description, properties: { path: { type: ['string', 'null'] }, url: { type: 'string' } } };
  if (f.type !== 'image') return jsonOfField(f, description);
  return { type: ['object', 'null'], description, properties: { path: { type: 'string' }, url: { type: 'string' } } };
}

/** A code or key from a form value ('' and nothing are null). */
const codeOf = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

/** A field's value in a body from its form value (see `bodyOf`). */
export function bodyValueOf(f: FieldDef, v: unknown): unknown {
  const text = typeof v === 'string' ? v.trim() : '';
  switch (f.type) {
    case 'text':
      if (f.multiline) return text ? v : null;
      return f.required ? text : text || null;
    case 'flag':
      return v === 'Y' || v === 'N' ? v : f.default;
    case 'number':
      return parsePrice(v as string | number | null | undefined);
    case 'select':
    case 'reference':
      return codeOf(v);
    case 'references':
      return Array.isArray(v) ? v.map(Number) : [];
    case 'images':
      return Array.isArray(v) ? v.map(String) : [];
    case 'date':
      return f.compact ? toYmd8(text) : text || null;
    case 'choice':
      return f.options.includes(text) ? text : null;
    case 'image':
    case 'email':
    case 'imageUrl':
      return text || null;
    case 'phone':
      return digitsOnly(text);
    case 'countryCode':
      return text || f.default;
    default:
      return v;
  }
}

/** A record's value as the form holds it: numbers with separators, an image as its path, nothing as ''. */
export function formValueOf(f: FieldDef, v: unknown): unknown {
  switch (f.type) {
    case 'flag':
      return v ?? f.default;
    case 'number':
      return formatPrice(v as string | number | null | undefined);
    case 'image':
      return (v as { path?: string } | null | undefined)?.path ?? null;
    case 'reference':
      return v ?? null;
    case 'countryCode':
      return v ?? f.default;
    case 'imageUrl': {
      // An external image is edited as its URL; an uploaded one is kept as it is (nothing typed).
      if (typeof v === 'string') return v;
      const image = v as { path?: string | null; url?: string } | null | undefined;
      return image && !image.path ? (image.url ?? '') : '';
    }
    case 'references':
      return v ?? [];
    case 'images':
      // Answered as { path, url }, kept by the form as the paths.
      return Array.isArray(v) ? v.map((i: unknown) => (typeof i === 'string' ? i : (i as { path: string }).path)) : [];
    default:
      return v ?? '';
  }
}

