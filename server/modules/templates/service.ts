import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { ValidationError, type AnyObjectSchema } from 'yup';
import type { Db } from '../../db/client';
import { nftTemplates, stores, uploads } from '../../db/schema';
import {
  DEFAULT_CUSTOM_CONTENT_TITLES, NFT_TYPES, fieldSettingSchema, templateSchema, templateSettingSchema, type NftType,
} from '../../../src/domain/guarantee';
import { TEMPLATE_RULE_MSG, templateFieldErrors, type TemplateStatus } from '../../../src/domain/template';
import type { FieldErrors } from '../../../src/domain/errors';
import { STORAGE_KEY, mediaUrl } from '../../providers/storage';
import { validationFailed } from '../../http/errors';

/**
 * Certificate templates of one tenant (spec 2 sections 3 and 7, Templates). Every query is scoped
 * to `tenant_idx`, so another tenant's idx is simply not found. At most one main template per
 * tenant and type: the partial unique index nft_templates_one_main enforces it, and every write that
 * sets a main clears the others in the same transaction, under a per tenant-and-type lock.
 */

export type TemplateRecord = typeof nftTemplates.$inferSelect;
type Executor = Pick<Db, 'select' | 'update' | 'insert' | 'execute'>;

export function toTemplate(r: TemplateRecord) {
  return {
    idx: r.idx,
    templateType: r.templateType,
    isMain: r.isMain,
    nftCardName: r.nftCardName,
    backgroundImg: r.backgroundImg ? { path: r.backgroundImg, url: mediaUrl(r.backgroundImg) } : null,
    nftCustomFields: r.nftCustomFields,
    nftCustomLinks: r.nftCustomLinks,
    nftCustomContents: r.nftCustomContents,
    useFieldMaterial: r.useFieldMaterial,
    useFieldSize: r.useFieldSize,
    useFieldWeight: r.useFieldWeight,
    useNftProdImage: r.useNftProdImage,
    userMintingField: r.userMintingField,
    useUserMinting: r.useUserMinting,
    filteringStores: r.filteringStores,
    useAllPlaceSearch: r.useAllPlaceSearch,
    status: r.status,
    expireType: r.expireType,
    expireDate: r.expireDate,
    expireDays: r.expireDays,
    benefits: r.benefits,
    partnersCoupon: r.partnersCoupon,
    customerGroupIdx: r.customerGroupIdx,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
export type Template = ReturnType<typeof toTemplate>;

const templateOf = (tenantIdx: number, idx: number) => and(eq(nftTemplates.tenantIdx, tenantIdx), eq(nftTemplates.idx, idx));

async function record(db: Executor, tenantIdx: number, idx: number): Promise<TemplateRecord | null> {
  const [row] = await db.select().from(nftTemplates).where(templateOf(tenantIdx, idx)).limit(1);
  return row ?? null;
}

export async function getTemplate(db: Db, tenantIdx: number, idx: number): Promise<Template | null> {
  const row = await record(db, tenantIdx, idx);
  return row ? toTemplate(row) : null;
}

// ---------------------------------------------------------------------------------------------
// Lists

export interface TemplateQuery {
  page: number;
  pageSize: number;
  templateType?: NftType;
  status?: TemplateStatus;
}

/** Main first, then active before stopped, newest first. */
const ORDER = [desc(nftTemplates.isMain), asc(nftTemplates.status), desc(nftTemplates.createdAt), desc(nftTemplates.idx)];

export async function listTemplates(db: Db, tenantIdx: number, q: TemplateQuery) {
  const filters: SQL[] = [eq(nftTemplates.tenantIdx, tenantIdx)];
  if (q.templateType) filters.push(eq(nftTemplates.templateType, q.templateType));
  if (q.status) filters.push(eq(nftTemplates.status, q.status));
  const where = and(...filters);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(nftTemplates).where(where).orderBy(...ORDER).limit(q.pageSize).offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(nftTemplates).where(where),
  ]);
  return { list: rows.map(toTemplate), total: Number(total) };
}

/** Every template of a type (active and stopped), short, for pickers. */
export async function pickTemplates(db: Db, tenantIdx: number, templateType: NftType) {
  const rows = await db
    .select({ idx: nftTemplates.idx, nftCardName: nftTemplates.nftCardName, isMain: nftTemplates.isMain, status: nftTemplates.status, templateType: nftTemplates.templateType })
    .from(nftTemplates)
    .where(and(eq(nftTemplates.tenantIdx, tenantIdx), eq(nftTemplates.templateType, templateType)))
    .orderBy(...ORDER);
  return { list: rows, total: rows.length };
}

// ---------------------------------------------------------------------------------------------
// Validation: the domain's yup schemas, then the rules that need the database.

async function validate<S extends AnyObjectSchema>(schema: S, input: unknown): Promise<{ value: ReturnType<S['cast']> | null; errors: FieldErrors }> {
  try {
    return { value: await schema.validate(input ?? {}, { abortEarly: false, stripUnknown: true }), errors: {} };
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const errors = templateFieldErrors(err);
    if (errors.templateType) errors.templateType = TEMPLATE_RULE_MSG.templateTypeInvalid;
    return { value: null, errors };
  }
}

/** A template body checked as the service checks it (the template's Korean messages), for a route's input step: 400 on any error. */
export async function checkTemplateBody(schema: AnyObjectSchema, input: unknown): Promise<Record<string, unknown>> {
  const { value, errors } = await validate(schema, input);
  if (!value) throw validationFailed(errors);
  return value;
}

const blankToNull = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v.trim());

/** Whether a path is a ready upload of the tenant. */
export async function isTenantImage(db: Executor, tenantIdx: number, path: string): Promise<boolean> {
  if (!STORAGE_KEY.test(path) || !path.startsWith(`${tenantIdx}/`)) return false;
  const [row] = await db.select({ path: uploads.path }).from(uploads)
    .where(and(eq(uploads.tenantIdx, tenantIdx), eq(uploads.path, path), eq(uploads.status, 'ready'))).limit(1);
  return Boolean(row);
}

export type TemplateValues = Partial<Omit<TemplateRecord, 'tenantIdx' | 'idx' | 'createdAt' | 'updatedAt'>>;

/**
 * The card (templateSchema): name, type, main flag, background and custom fields/links. `current`
 * is the stored template on PATCH: the body is merged onto it, the type cannot change and an
 * unchanged background is not checked again.
 */
export async function validateCard(
  db: Db, tenantIdx: number, input: unknown, current?: TemplateRecord,
): Promise<{ values: TemplateValues; errors: FieldErrors }> {
  const body = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const merged = current
    ? {
        templateType: current.templateType, nftCardName: current.nftCardName, isMain: current.isMain,
        backgroundImg: current.backgroundImg, nftCustomFields: current.nftCustomFields, nftCustomLinks: current.nftCustomLinks,
        ...body,
      }
    : body;
  if (current) merged.templateType = current.templateType;
  const { value, errors } = await validate(templateSchema, merged);
  if (!value) return { values: {}, errors };
  const backgroundImg = blankToNull(value.backgroundImg);
  if (backgroundImg && backgroundImg !== current?.backgroundImg && !(await isTenantImage(db, tenantIdx, backgroundImg))) {
    errors.backgroundImg = TEMPLATE_RULE_MSG.backgroundInvalid;
  }
  const stopped = current?.status === 'STOP';
  if (value.isMain && stopped) errors.isMain = TEMPLATE_RULE_MSG.mainStopped;
  return {
    values: {
      templateType: value.templateType as NftType,
      nftCardName: value.nftCardName,
      isMain: value.isMain,
      backgroundImg,
      nftCustomFields: value.nftCustomFields.map((f) => ({ name: f.name, ...(f.value ? { value: f.value } : {}) })),
      nftCustomLinks: value.nftCustomLinks.map((l) => ({ name: l.name, url: l.url })),
    },
    errors,
  };
}

/** Issue-form settings (templateSettingSchema); filteringStores must be stores of the tenant. */
export async function validateSetting(db: Db, tenantIdx: number, input: unknown, current: TemplateRecord) {
  const merged = {
    userMintingField: current.userMintingField, useUserMinting: current.useUserMinting,
    filteringStores: current.filteringStores, useAllPlaceSearch: current.useAllPlaceSearch,
    ...((input && typeof input === 'object' ? input : {}) as Record<string, unknown>),
  };
  const { value, errors } = await validate(templateSettingSchema, merged);
  if (!value) return { values: {}, errors };
  const wanted = [...new Set(value.filteringStores)];
  if (wanted.length) {
    const found = await db.select({ idx: stores.idx }).from(stores).where(and(eq(stores.tenantIdx, tenantIdx), inArray(stores.idx, wanted)));
    if (found.length !== wanted.length) errors.filteringStores = TEMPLATE_RULE_MSG.storeInvalid;
  }
  const values: TemplateValues = {
    userMintingField: value.userMintingField,
    useUserMinting: value.useUserMinting,
    filteringStores: wanted,
    useAllPlaceSearch: value.useAllPlaceSearch,
  };
  return { values, errors };
}

/** Which fields the certificate shows and its custom contents (fieldSettingSchema). */
export async function validateFields(input: unknown, current: TemplateRecord) {
  const merged = {
    nftCustomFields: current.nftCustomFields, nftCustomContents: current.nftCustomContents,
    useFieldMaterial: current.useFieldMaterial, useFieldSize: current.useFieldSize, useFieldWeight: current.useFieldWeight,
    useNftProdImage: current.useNftProdImage,
    ...((input && typeof input === 'object' ? input : {}) as Record<string, unknown>),
  };
  const { value, errors } = await validate(fieldSettingSchema, merged);
  if (!value) return { values: {}, errors };
  const values: TemplateValues = {
    nftCustomFields: value.nftCustomFields.map((f) => ({ name: f.name, ...(f.value ? { value: f.value } : {}) })),
    nftCustomContents: value.nftCustomContents.map((c) => ({ title: c.title, contents: c.contents })),
    useFieldMaterial: value.useFieldMaterial,
    useFieldSize: value.useFieldSize,
    useFieldWeight: value.useFieldWeight,
    useNftProdImage: value.useNftProdImage,
  };
  return { values, errors };
}

// ---------------------------------------------------------------------------------------------
// Writes

/** Serializes main changes of one tenant and type (both drivers: PGlite is real PostgreSQL). */
async function lockMain(tx: Executor, tenantIdx: number, templateType: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`nft_template_main:${tenantIdx}:${templateType}`}))`);
}

async function clearOtherMains(tx: Executor, tenantIdx: number, templateType: NftType, keepIdx: number | null, now: Date) {
  const filters = [eq(nftTemplates.tenantIdx, tenantIdx), eq(nftTemplates.templateType, templateType), eq(nftTemplates.isMain, true)];
  if (keepIdx !== null) filters.push(ne(nftTemplates.idx, keepIdx));
  await tx.update(nftTemplates).set({ isMain: false, updatedAt: now }).where(and(...filters));
}

export async function createTemplate(db: Db, tenantIdx: number, values: TemplateValues, now: Date): Promise<Template> {
  const templateType = values.templateType ?? NFT_TYPES[0];
  const created = await db.transaction(async (tx) => {
    if (values.isMain) {
      await lockMain(tx, tenantIdx, templateType);
      await clearOtherMains(tx, tenantIdx, templateType, null, now);
    }
    const [row] = await tx.insert(nftTemplates).values({
      nftCustomContents: DEFAULT_CUSTOM_CONTENT_TITLES.map((title) => ({ title, contents: '' })),
      ...values,
      nftCardName: values.nftCardName ?? '',
      templateType,
      tenantIdx,
      status: 'ACTIVE',
      createdAt: now,
      updatedAt: now,
    }).returning();
    return row;
  });
  return toTemplate(created);
}

/** Writes validated values; a main flag set clears the others of the type in the same transaction. */
export async function updateTemplate(db: Db, tenantIdx: number, idx: number, values: TemplateValues, now: Date): Promise<Template | null> {
  const updated = await db.transaction(async (tx) => {
    const current = await record(tx, tenantIdx, idx);
    if (!current) return null;
    if (values.isMain && !current.isMain) {
      await lockMain(tx, tenantIdx, current.templateType);
      await clearOtherMains(tx, tenantIdx, current.templateType, idx, now);
    }
    const [row] = await tx.update(nftTemplates).set({ ...values, templateType: current.templateType, updatedAt: now })
      .where(templateOf(tenantIdx, idx)).returning();
    return row ?? null;
  });
  return updated ? toTemplate(updated) : null;
}

/** Stops a template (idempotent): a stopped template is no longer main. */
export async function stopTemplate(db: Db, tenantIdx: number, idx: number, now: Date): Promise<Template | null> {
  const current = await record(db, tenantIdx, idx);
  if (!current) return null;
  if (current.status === 'STOP' && !current.isMain) return toTemplate(current);
  const [row] = await db.update(nftTemplates).set({ status: 'STOP', isMain: false, updatedAt: now }).where(templateOf(tenantIdx, idx)).returning();
  return row ? toTemplate(row) : null;
}

export async function templateRecord(db: Db, tenantIdx: number, idx: number): Promise<TemplateRecord | null> {
  return record(db, tenantIdx, idx);
}
