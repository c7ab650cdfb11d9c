import { sql } from 'drizzle-orm';
import {
  pgTable, serial, integer, text, timestamp, boolean, jsonb, bigint, primaryKey, index, uniqueIndex, char, smallint,
} from 'drizzle-orm/pg-core';

/**
 * The single source of truth for tables. Tenant-owned rows carry `tenant_idx` (the main account's
 * idx) first in their primary key and indexes, so the schema distributes on Citus unchanged.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** Administrator accounts. A main account has parent_idx = idx; a sub-account points at its main account. */
export const partnerships = pgTable(
  'partnerships',
  {
    idx: serial('idx').primaryKey(),
    parentIdx: integer('parent_idx'),
    adminType: text('admin_type', { enum: ['b2b', 'repairer', 'launderer'] }).notNull(),
    b2bType: text('b2b_type', { enum: ['brand', 'cooperator'] }),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    companyName: text('company_name').notNull(),
    phoneNum: text('phone_num').notNull(),
    businessNum: text('business_num'),
    isLeaved: char('is_leaved', { length: 1 }).$type<'Y' | 'N'>().notNull().default('N'),
    leavedAt: timestamp('leaved_at', { withTimezone: true, mode: 'date' }),
    leaveReason: text('leave_reason'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('partnerships_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('partnerships_business_num_key').on(t.businessNum).where(sql`${t.businessNum} is not null`),
    index('partnerships_parent_idx').on(t.parentIdx),
  ],
);

export const brands = pgTable(
  'brands',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    name: text('name').notNull(),
    englishName: text('english_name'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantIdx, t.idx] })],
);

/**
 * The product catalogue (spec 2 section 3).
 *
 * Contains-search: name, code and barcode each have a stored lower-case copy (`*_lc`, generated) with
 * a pg_trgm GIN index (migration 0002 creates the extension). Searches run `<col>_lc LIKE lower(pattern)`:
 * the same matches as ILIKE, but a plain byte comparison per row instead of ILIKE's per-row lower(),
 * which made the capped counts of common terms several times slower.
 * The trigram indexes are per column, not composite with tenant_idx: a composite needs btree_gin,
 * which not every managed PostgreSQL offers. Every query also carries `tenant_idx = $1`, so the
 * planner either ANDs the trigram bitmap with the tenant btree or rechecks the tenant on the trigram
 * candidates; and on Citus the table is distributed by tenant_idx, so each shard's trigram index
 * already covers only its own tenants.
 * Terms of two characters (common in Korean: 가방, 시계) have no trigram; they use search_bigrams, a
 * generated array of field-prefixed two-character substrings with its own GIN index (`@>` / `&&`).
 * Only one-character terms scan the tenant's rows.
 * The default order (newest first) scans products_tenant_created backwards, so an unfiltered first
 * page reads pageSize index entries; totals are capped counts (see modules/products/service.ts).
 */
export const products = pgTable(
  'products',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    brandIdx: integer('brand_idx').notNull(),
    name: text('name').notNull(),
    code: text('code'),
    barcode: text('barcode'),
    modelNum: text('model_num'),
    price: bigint('price', { mode: 'number' }),
    paymentAmount: bigint('payment_amount', { mode: 'number' }),
    warranty: text('warranty'),
    categoryCode: smallint('category_code'),
    material: text('material'),
    size: text('size'),
    weight: text('weight'),
    imagePath: text('image_path'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdBy: integer('created_by'),
    nameLc: text('name_lc').generatedAlwaysAs(sql`lower(name)`),
    codeLc: text('code_lc').generatedAlwaysAs(sql`lower(code)`),
    barcodeLc: text('barcode_lc').generatedAlwaysAs(sql`lower(barcode)`),
    /** Field-prefixed two-character substrings (migration 0005) for terms too short for pg_trgm. */
    searchBigrams: text('search_bigrams').array().generatedAlwaysAs(sql`product_search_bigrams(name, code, barcode)`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantIdx, t.idx] }),
    index('products_tenant_created').on(t.tenantIdx, t.createdAt, t.idx),
    index('products_tenant_name').on(t.tenantIdx, t.name, t.idx),
    index('products_tenant_price').on(t.tenantIdx, t.price, t.idx),
    index('products_tenant_brand').on(t.tenantIdx, t.brandIdx),
    index('products_tenant_category').on(t.tenantIdx, t.categoryCode, t.createdAt),
    index('products_name_lc_trgm').using('gin', t.nameLc.op('gin_trgm_ops')),
    index('products_code_lc_trgm').using('gin', t.codeLc.op('gin_trgm_ops')),
    index('products_barcode_lc_trgm').using('gin', t.barcodeLc.op('gin_trgm_ops')),
    index('products_search_bigrams').using('gin', t.searchBigrams),
  ],
);

/** One row per bulk-create request: the primary key makes a retried (or concurrent) batchKey insert once. */
export const productBatches = pgTable(
  'product_batches',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    batchKey: text('batch_key').notNull(),
    result: jsonb('result').$type<{ list: { row: number; idx: number }[] } | null>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantIdx, t.batchKey] })],
);

/** Stores (spec 2 section 3, Other related): pinned stores come first in pickers. */
export const stores = pgTable(
  'stores',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    name: text('name').notNull(),
    tag: text('tag'),
    pinned: char('pinned', { length: 1 }).$type<'Y' | 'N'>().notNull().default('N'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantIdx, t.idx] }), index('stores_tenant_pinned_name').on(t.tenantIdx, t.pinned, t.name)],
);

/**
 * Uploaded files of a tenant. `path` is the storage key `<tenantIdx>/<random>.<ext>`; a signed
 * upload is 'pending' until its bytes arrived and it was confirmed. Products may only point at a
 * 'ready' upload of their own tenant.
 */
export const uploads = pgTable(
  'uploads',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    path: text('path').notNull(),
    status: text('status', { enum: ['pending', 'ready'] }).notNull(),
    contentType: text('content_type'),
    size: integer('size'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantIdx, t.path] })],
);

/** Server-side sessions: the token is stored only as its SHA-256 hash, so a database leak exposes no session. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    adminIdx: integer('admin_idx').notNull(),
    tenantIdx: integer('tenant_idx').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sessions_admin_idx').on(t.adminIdx)],
);

/** One-time e-mail tokens (verification and password reset), stored hashed. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    adminIdx: integer('admin_idx').notNull(),
    purpose: text('purpose', { enum: ['confirm', 'reset'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  // A completed reset spends the account's other open reset links.
  (t) => [index('email_tokens_admin').on(t.adminIdx, t.purpose)],
);

/** Every consent answer ever given; the newest per service is the current one. */
export const consentRecords = pgTable(
  'consent_records',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    adminIdx: integer('admin_idx').notNull(),
    service: text('service', { enum: ['SERVICE_USAGE', 'PERSONAL_INFORMATION', 'PROMOTION', 'MARKETING'] }).notNull(),
    isAgreed: char('is_agreed', { length: 1 }).$type<'Y' | 'N'>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantIdx, t.idx] }), index('consent_records_admin').on(t.tenantIdx, t.adminIdx, t.service)],
);

export const serviceTermsContacts = pgTable(
  'service_terms_contacts',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    role: text('role', { enum: ['settlement', 'report', 'as', 'privacyOfficer', 'privacyTeam'] }).notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    position: text('position').notNull().default(''),
    name: text('name').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.tenantIdx, t.role] })],
);

export const featureSettings = pgTable(
  'feature_settings',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    name: text('name').notNull(),
    option: jsonb('option').$type<Record<string, unknown> | null>(),
    endAt: timestamp('end_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.tenantIdx, t.name] })],
);

export const plans = pgTable('plans', {
  planId: text('plan_id').primaryKey(),
  groupId: text('group_id', { enum: ['FREE', 'STARTER', 'STANDARD', 'PRO', 'ENTERPRISE'] }).notNull(),
  name: text('name').notNull(),
  price: integer('price').notNull(),
  level: integer('level').notNull(),
  plusList: jsonb('plus_list').$type<string[]>().notNull().default([]),
  isActivated: boolean('is_activated').notNull().default(true),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    planId: text('plan_id').notNull(),
    startDate: timestamp('start_date', { withTimezone: true, mode: 'date' }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true, mode: 'date' }),
    isCanceled: boolean('is_canceled').notNull().default(false),
    isTrial: boolean('is_trial').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantIdx, t.idx] })],
);

/** Prepaid message credit, one account per tenant. */
export const creditAccounts = pgTable('credit_accounts', {
  tenantIdx: integer('tenant_idx').primaryKey(),
  accountIdx: serial('account_idx').notNull(),
  balance: bigint('balance', { mode: 'number' }).notNull().default(0),
  rechargeThreshold: integer('recharge_threshold'),
  rechargeAmount: integer('recharge_amount'),
  autoRechargeActivated: boolean('auto_recharge_activated').notNull().default(false),
});

/** What the local mail provider would have sent; tests and the demo read it. */
export const mailOutbox = pgTable('mail_outbox', {
  idx: serial('idx').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: createdAt(),
});
