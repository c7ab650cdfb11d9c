import { sql } from 'drizzle-orm';
import {
  pgTable, serial, integer, text, timestamp, boolean, jsonb, bigint, primaryKey, index, uniqueIndex, char, smallint, numeric, date, foreignKey, check,
} from 'drizzle-orm/pg-core';
import { resourceTable } from './resourceTable';
import type { BulkOutcome } from '../../src/domain/bulkOutcome';
import * as declared from '../../src/domain/resources/registry';

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
    result: jsonb('result').$type<BulkOutcome<{ row: number; idx: number }> | null>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantIdx, t.batchKey] })],
);

/**
 * One row per certificate bulk-issue chunk (guarantees and memberships, `bulk:<batchKey>`): claimed
 * first in the chunk's transaction, so a retried or concurrent chunk waits for the first and answers
 * its stored per-row result (issued rows and refused rows alike) instead of issuing again.
 */
export const nftBatches = pgTable(
  'nft_batches',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    batchKey: text('batch_key').notNull(),
    result: jsonb('result').$type<BulkOutcome<{ row: number; idx: number; nftNumber: string }> | null>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantIdx, t.batchKey] })],
);

/**
 * The plain resources' tables, derived from their definitions (src/domain/resources; the generic
 * routes serve each one, server/modules/resources.ts).
 * Stores (spec 2 section 3, Other related): pinned first in pickers.
 */
export const stores = resourceTable(declared.storeResource);
/** Coupons (spec 2, Coupon form): each of a membership template; served with their own checks (server/modules/coupons). */
export const coupons = resourceTable(declared.couponResource);
/** Inspections (issue 13 item 6, docs/api/exam.md): served with their certificate and photo checks (server/modules/exams). */
export const exams = resourceTable(declared.examResource);

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

/**
 * Counters that guard security, shared by every server process (server/http/securityCounters.ts):
 * the route rate limits (`rl:` keys, @fastify/rate-limit's store) and the sign-in lock (`sign-in:`
 * keys). One row per key and window; `hits` is counted by one atomic upsert, a window that has
 * ended starts again at 1, and ended rows are swept. Not tenant-owned (keys are IPs and e-mails):
 * on Citus a table distributed by its own `key`.
 */
export const securityCounters = pgTable(
  'security_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('security_counters_resets_at').on(t.resetsAt)],
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
  /** Attachments as sent: filename, content type, size and the content in base64 (customer exports). */
  attachments: jsonb('attachments').$type<{ filename: string; contentType: string; size: number; base64: string }[]>(),
  createdAt: createdAt(),
});

/**
 * Certificate templates (spec 2 section 3, Template and Guarantee settings), shared by guarantees and
 * memberships (template_type). One template per type may be main. The template also carries what
 * shapes its issue form: custom fields and contents (the default titles of spec 2 come from
 * src/domain/guarantee.ts) and the four use-field flags, so a brand with two templates can ask
 * different things of each.
 */
export const nftTemplates = pgTable(
  'nft_templates',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    templateType: text('template_type', { enum: ['GUARANTEE', 'MEMBERSHIP'] }).notNull(),
    isMain: boolean('is_main').notNull().default(false),
    nftCardName: text('nft_card_name').notNull(),
    /** Upload path of the card background (an upload of this tenant). */
    backgroundImg: text('background_img'),
    nftCustomFields: jsonb('nft_custom_fields').$type<{ name: string; value?: string }[]>().notNull().default([]),
    nftCustomLinks: jsonb('nft_custom_links').$type<{ name: string; url: string }[]>().notNull().default([]),
    nftCustomContents: jsonb('nft_custom_contents').$type<{ title: string; contents: string }[]>().notNull().default([]),
    useFieldMaterial: char('use_field_material', { length: 1 }).$type<'Y' | 'N'>().notNull().default('N'),
    useFieldSize: char('use_field_size', { length: 1 }).$type<'Y' | 'N'>().notNull().default('N'),
    useFieldWeight: char('use_field_weight', { length: 1 }).$type<'Y' | 'N'>().notNull().default('N'),
    useNftProdImage: char('use_nft_prod_image', { length: 1 }).$type<'Y' | 'N'>().notNull().default('Y'),
    userMintingField: jsonb('user_minting_field').$type<string[]>().notNull().default([]),
    useUserMinting: char('use_user_minting', { length: 1 }).$type<'Y' | 'N'>().notNull().default('N'),
    filteringStores: jsonb('filtering_stores').$type<number[]>().notNull().default([]),
    useAllPlaceSearch: char('use_all_place_search', { length: 1 }).$type<'Y' | 'N'>().notNull().default('Y'),
    status: text('status', { enum: ['ACTIVE', 'STOP'] }).notNull().default('ACTIVE'),
    /** Memberships (src/domain/membership.ts): an expiry by date ('YYYY-MM-DD 23:59:59', Seoul) or by days from the issue. */
    expireType: text('expire_type', { enum: ['DATE', 'DAY'] }),
    expireDate: text('expire_date'),
    expireDays: integer('expire_days'),
    benefits: jsonb('benefits').$type<{ title: string; contents: string }[]>().notNull().default([]),
    /** Coupons shown on the membership card: an offline one, or one with its number or URL. */
    partnersCoupon: jsonb('partners_coupon').$type<{ title: string; offline: 'Y' | 'N'; couponNumber: string; couponUrl: string; endDate: string; isIssuable: 'Y' | 'N' }[]>().notNull().default([]),
    /** Memberships bound to a customer grade (customer_groups.idx): the grade job issues it to that grade's customers and stops it for those who leave. */
    customerGroupIdx: integer('customer_group_idx'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantIdx, t.idx] }),
    index('nft_templates_tenant_type').on(t.tenantIdx, t.templateType, t.status),
    uniqueIndex('nft_templates_one_main').on(t.tenantIdx, t.templateType).where(sql`${t.isMain}`),
  ],
);

/**
 * A brand's customers (spec 3 Customer), found or created by phone when a certificate is issued, or
 * added and edited by hand. The phone is stored as national digits with its country code.
 * Order aggregates (total_order_*, *_order_count, latest_ordered_at) and point_balance are kept up
 * to date when an order is recorded (modules/customers/history.ts recordOrder), so the list sorts
 * on tenant-leading btree indexes; contains-search uses pg_trgm on name_lc, phone and email_lc.
 * registered_at is the Asia/Seoul day of created_at. Consents are 'Y'/'N' with the day they changed.
 */
export const customers = pgTable(
  'customers',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    countryCode: text('country_code').notNull().default('82'),
    phone: text('phone').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    gender: char('gender', { length: 1 }).$type<'M' | 'F'>(),
    /** YYYYMMDD */
    birthday: text('birthday'),
    email: text('email'),
    agreeMarketing: char('agree_marketing', { length: 1 }).$type<'Y' | 'N'>().notNull().default('N'),
    agreeMarketingAt: timestamp('agree_marketing_at', { withTimezone: true, mode: 'date' }),
    agreeSms: char('agree_sms', { length: 1 }).$type<'Y' | 'N'>().notNull().default('N'),
    agreeSmsAt: timestamp('agree_sms_at', { withTimezone: true, mode: 'date' }),
    agreeEmail: char('agree_email', { length: 1 }).$type<'Y' | 'N'>().notNull().default('N'),
    agreeEmailAt: timestamp('agree_email_at', { withTimezone: true, mode: 'date' }),
    /** Signed up to the brand lounge (wallet): counted as a sign-up in the overview. */
    hasWallet: char('has_wallet', { length: 1 }).$type<'Y' | 'N'>().notNull().default('N'),
    hasCafe24Interwork: char('has_cafe24_interwork', { length: 1 }).$type<'Y' | 'N'>().notNull().default('N'),
    interworkGroupName: text('interwork_group_name'),
    interworkPoint: bigint('interwork_point', { mode: 'number' }).notNull().default(0),
    interworkEmail: text('interwork_email'),
    interworkAgreeSms: char('interwork_agree_sms', { length: 1 }).$type<'Y' | 'N'>().notNull().default('N'),
    interworkAgreeEmail: char('interwork_agree_email', { length: 1 }).$type<'Y' | 'N'>().notNull().default('N'),
    groupIdx: integer('group_idx'),
    pointBalance: bigint('point_balance', { mode: 'number' }).notNull().default(0),
    totalOrderPrice: bigint('total_order_price', { mode: 'number' }).notNull().default(0),
    totalOrderCount: integer('total_order_count').notNull().default(0),
    platformOrderCount: integer('platform_order_count').notNull().default(0),
    ownMallOrderCount: integer('own_mall_order_count').notNull().default(0),
    offlineOrderCount: integer('offline_order_count').notNull().default(0),
    latestOrderedAt: timestamp('latest_ordered_at', { withTimezone: true, mode: 'date' }),
    registeredAt: date('registered_at', { mode: 'string' }).generatedAlwaysAs(sql`((created_at AT TIME ZONE 'Asia/Seoul')::date)`),
    nameLc: text('name_lc').generatedAlwaysAs(sql`lower(name)`),
    emailLc: text('email_lc').generatedAlwaysAs(sql`lower(email)`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantIdx, t.idx] }),
    uniqueIndex('customers_tenant_phone').on(t.tenantIdx, t.countryCode, t.phone),
    // One tenant-leading index per list order (orderBy), idx breaking ties; NULL dates sort lowest.
    index('customers_tenant_created').on(t.tenantIdx, t.createdAt, t.idx),
    index('customers_tenant_name').on(t.tenantIdx, t.name, t.idx),
    index('customers_tenant_order_price').on(t.tenantIdx, t.totalOrderPrice, t.idx),
    index('customers_tenant_order_count').on(t.tenantIdx, t.totalOrderCount, t.idx),
    index('customers_tenant_latest_order').on(t.tenantIdx, t.latestOrderedAt.asc().nullsFirst(), t.idx),
    index('customers_tenant_point').on(t.tenantIdx, t.pointBalance, t.idx),
    index('customers_tenant_group').on(t.tenantIdx, t.groupIdx),
    index('customers_name_lc_trgm').using('gin', t.nameLc.op('gin_trgm_ops')),
    index('customers_phone_trgm').using('gin', t.phone.op('gin_trgm_ops')),
    index('customers_email_lc_trgm').using('gin', t.emailLc.op('gin_trgm_ops')),
  ],
);

/** A customer's orders (spec 3 totalOrderPrice and the channel counts); point_amount is what the order earned. */
export const customerOrders = pgTable(
  'customer_orders',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    customerIdx: integer('customer_idx').notNull(),
    orderedAt: timestamp('ordered_at', { withTimezone: true, mode: 'date' }).notNull(),
    channel: text('channel', { enum: ['platform', 'ownMall', 'offline'] }).notNull(),
    productName: text('product_name').notNull(),
    paymentAmount: bigint('payment_amount', { mode: 'number' }).notNull(),
    pointAmount: bigint('point_amount', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantIdx, t.idx] }),
    index('customer_orders_tenant_customer').on(t.tenantIdx, t.customerIdx, t.orderedAt),
    index('customer_orders_tenant_ordered').on(t.tenantIdx, t.orderedAt),
  ],
);

/** Point movements of a customer; balance is the customer's point_balance after the movement. */
export const customerPointLedger = pgTable(
  'customer_point_ledger',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    customerIdx: integer('customer_idx').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull(),
    orderIdx: integer('order_idx'),
    /** A console adjustment's Idempotency-Key (`idem:<key>`): a retried request finds its first row. */
    requestKey: text('request_key'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantIdx, t.idx] }),
    index('customer_point_ledger_tenant_customer').on(t.tenantIdx, t.customerIdx, t.idx),
    uniqueIndex('customer_point_ledger_request_key').on(t.tenantIdx, t.requestKey).where(sql`request_key IS NOT NULL`),
  ],
);

/**
 * Customer grades (spec 3 Customer grade). A customer holds the highest group_no whose minimum
 * purchase amount and count (over customer_settings.grade_period_months) it meets. The list is
 * saved whole under the tenant's settings row lock; names and group numbers are unique per tenant.
 */
export const customerGroups = pgTable(
  'customer_groups',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    name: text('name').notNull(),
    groupNo: integer('group_no').notNull(),
    minPurchaseAmount: bigint('min_purchase_amount', { mode: 'number' }).notNull().default(0),
    minPurchaseCount: integer('min_purchase_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantIdx, t.idx] }), index('customer_groups_tenant_no').on(t.tenantIdx, t.groupNo)],
);

/** A tenant's point and grade settings (spec 1 "Customer setting option"; spec 3 group schedule). */
export const customerSettings = pgTable('customer_settings', {
  tenantIdx: integer('tenant_idx').primaryKey(),
  pointRate: numeric('point_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
  onOfflinePointToggle: char('on_offline_point_toggle', { length: 1 }).$type<'Y' | 'N'>().notNull().default('N'),
  gradeSchedule: text('grade_schedule', { enum: ['daily', 'monthly', 'quarterly', 'half-yearly', 'yearly'] }).notNull().default('monthly'),
  gradePeriodMonths: integer('grade_period_months').notNull().default(12),
  lastGradeRunAt: timestamp('last_grade_run_at', { withTimezone: true, mode: 'date' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The customer overview (spec 1 Customer metrics), recomputed in the background; updating while it runs. */
export const customerOverview = pgTable('customer_overview', {
  tenantIdx: integer('tenant_idx').primaryKey(),
  metrics: jsonb('metrics').$type<Record<string, number>>(),
  lastWeek: jsonb('last_week').$type<Record<string, number>>(),
  updating: boolean('updating').notNull().default(false),
  updatingSince: timestamp('updating_since', { withTimezone: true, mode: 'date' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }),
});

/** Every customer download request (who, when, why, where it was mailed, how many rows). */
export const customerDownloads = pgTable(
  'customer_downloads',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    adminIdx: integer('admin_idx').notNull(),
    email: text('email').notNull(),
    reason: text('reason').notNull(),
    rowCount: integer('row_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantIdx, t.idx] }), index('customer_downloads_tenant_created').on(t.tenantIdx, t.createdAt)],
);

/**
 * Certificates (spec 2 section 3, Guarantee; nft_type GUARANTEE or MEMBERSHIP). Status codes and
 * their legal transitions are in src/domain/guarantee.ts. `public_token` is the unguessable key of
 * the public certificate page. `batch_key` + `batch_row` make a retried bulk chunk insert once.
 * Lists run on (tenant_idx, nft_type, created_at desc) and the filter indexes below.
 */
export const nfts = pgTable(
  'nfts',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    nftNumber: text('nft_number').notNull(),
    nftType: text('nft_type', { enum: ['GUARANTEE', 'MEMBERSHIP'] }).notNull().default('GUARANTEE'),
    nftTemplateIdx: integer('nft_template_idx'),
    nftStatus: smallint('nft_status').notNull(),
    requestRoute: text('request_route').notNull().default('product'),
    customerIdx: integer('customer_idx'),
    ordererName: text('orderer_name').notNull(),
    ordererTel: text('orderer_tel').notNull(),
    ordererCountryCode: text('orderer_country_code').notNull().default('82'),
    orderedAt: text('ordered_at'),
    refOrderId: text('ref_order_id'),
    storeIdx: integer('store_idx'),
    storeName: text('store_name'),
    brandIdx: integer('brand_idx'),
    partnersProductIdx: integer('partners_product_idx'),
    productName: text('product_name').notNull(),
    warrantyDate: text('warranty_date'),
    price: bigint('price', { mode: 'number' }),
    paymentAmount: bigint('payment_amount', { mode: 'number' }),
    pointAmount: bigint('point_amount', { mode: 'number' }),
    productCode: text('product_code'),
    productImage: text('product_image'),
    modelNumber: text('model_number'),
    categoryCode: smallint('category_code'),
    categoryName: text('category_name'),
    material: text('material'),
    size: text('size'),
    weight: text('weight'),
    customField: jsonb('custom_field').$type<Record<string, unknown> | null>(),
    publicToken: text('public_token').notNull(),
    /** When a reservation (status 7) is issued by the scheduled job. */
    issueAt: timestamp('issue_at', { withTimezone: true, mode: 'date' }),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }),
    canceledAt: timestamp('canceled_at', { withTimezone: true, mode: 'date' }),
    cancelReason: text('cancel_reason'),
    cancelDetail: text('cancel_detail'),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /** Memberships: when the card ends (its template's date, or days from the issue); it stays on the customer after. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    /** Memberships: stopped (the grade job, for a customer who left the bound grade, or an admin). */
    stoppedAt: timestamp('stopped_at', { withTimezone: true, mode: 'date' }),
    /**
     * Memberships: set on an expired membership when the same customer is issued the same membership
     * (template) again (server/modules/memberships/held.ts, in the issuing transaction), so that it
     * stops holding nfts_membership_held. Nothing else reads it: the row stays on the customer, still
     * expired, its coupons valid to their own end.
     */
    supersededAt: timestamp('superseded_at', { withTimezone: true, mode: 'date' }),
    batchKey: text('batch_key'),
    batchRow: integer('batch_row'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ordererNameLc: text('orderer_name_lc').generatedAlwaysAs(sql`lower(orderer_name)`),
    productNameLc: text('product_name_lc').generatedAlwaysAs(sql`lower(product_name)`),
    /** Field-prefixed bigrams of orderer and product name (migration 0010; a plpgsql loop since 0015): two-character searches. */
    searchBigrams: text('search_bigrams').array().generatedAlwaysAs(sql`nft_search_bigrams(orderer_name, product_name)`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantIdx, t.idx] }),
    uniqueIndex('nfts_public_token').on(t.publicToken),
    uniqueIndex('nfts_tenant_batch_row').on(t.tenantIdx, t.batchKey, t.batchRow).where(sql`${t.batchKey} is not null`),
    index('nfts_tenant_type_created').on(t.tenantIdx, t.nftType, t.createdAt, t.idx),
    index('nfts_tenant_type_status_created').on(t.tenantIdx, t.nftType, t.nftStatus, t.createdAt),
    index('nfts_tenant_store_created').on(t.tenantIdx, t.storeIdx, t.createdAt),
    index('nfts_tenant_route_created').on(t.tenantIdx, t.requestRoute, t.createdAt),
    index('nfts_tenant_customer').on(t.tenantIdx, t.customerIdx),
    index('nfts_tenant_product').on(t.tenantIdx, t.partnersProductIdx),
    // nfts_tenant_tel and nfts_tenant_number were dropped by migration 0015: no query used them, and every issued row paid for them.
    index('nfts_reservation_due').on(t.issueAt).where(sql`${t.nftStatus} = 7`),
    index('nfts_orderer_name_lc_trgm').using('gin', t.ordererNameLc.op('gin_trgm_ops')),
    index('nfts_product_name_lc_trgm').using('gin', t.productNameLc.op('gin_trgm_ops')),
    // Migration 0008: the history's other contains-searches (phone digits, number, order id) and the issuedAt order.
    index('nfts_orderer_tel_trgm').using('gin', t.ordererTel.op('gin_trgm_ops')),
    index('nfts_nft_number_trgm').using('gin', t.nftNumber.op('gin_trgm_ops')),
    index('nfts_ref_order_id_trgm').using('gin', t.refOrderId.op('gin_trgm_ops')),
    index('nfts_tenant_type_issued').on(t.tenantIdx, t.nftType, t.issuedAt, t.idx),
    // Migration 0011: newest-issued first with never-issued rows last, the orderer-name order, two-character searches.
    index('nfts_tenant_type_issued_desc').on(t.tenantIdx, t.nftType, t.issuedAt.desc().nullsLast(), t.idx.desc()),
    index('nfts_tenant_type_orderer').on(t.tenantIdx, t.nftType, t.ordererName, t.idx),
    index('nfts_search_bigrams').using('gin', t.searchBigrams),
    // Issue 11: one held membership per template and customer (MEMBERSHIP_NFT_ALREADY_EXISTS), race-safe
    // for every issue path; stopped, cancelled and deleted ones no longer hold it, nor an expired one
    // superseded by a new issue of its type (superseded_at). Guarantee rows skip it.
    uniqueIndex('nfts_membership_held').on(t.tenantIdx, t.nftTemplateIdx, t.customerIdx)
      .where(sql`${t.nftType} = 'MEMBERSHIP' AND ${t.stoppedAt} IS NULL AND ${t.deletedAt} IS NULL AND ${t.nftStatus} NOT IN (9, 10) AND ${t.supersededAt} IS NULL`),
  ],
);

/** Uses of a certificate (POST /v1/admin/nft/used, GET /v1/admin/nft/{id}/used). */
export const nftUses = pgTable(
  'nft_uses',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    nftIdx: integer('nft_idx').notNull(),
    memo: text('memo'),
    usedBy: integer('used_by'),
    usedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantIdx, t.idx] }), index('nft_uses_tenant_nft').on(t.tenantIdx, t.nftIdx)],
);

/**
 * What the messaging provider was asked to send (알림톡, SMS). The local default provider only
 * records here; a real adapter also sends and stores its result. Tenant-scoped, read by the console.
 */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    channel: text('channel', { enum: ['ALIMTALK', 'SMS', 'BRAND'] }).notNull(),
    templateCode: text('template_code').notNull(),
    countryCode: text('country_code').notNull().default('82'),
    phone: text('phone').notNull(),
    variables: jsonb('variables').$type<Record<string, string>>().notNull(),
    refType: text('ref_type'),
    refIdx: integer('ref_idx'),
    status: text('status', { enum: ['queued', 'sent', 'failed'] }).notNull().default('queued'),
    /**
     * A one-time secret (a sign-in code) kept readable for the demo's outbox: the variable that holds
     * it and when it stops working. Cleared with the secret masked once used or expired
     * (server/providers/messaging/secrets.ts); null on every other row, and always null where the
     * outbox is not readable (the secret is masked as it is written).
     */
    secretVariable: text('secret_variable'),
    secretExpiresAt: timestamp('secret_expires_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantIdx, t.idx] }), index('message_outbox_tenant_created').on(t.tenantIdx, t.createdAt),
    index('message_outbox_secret_expires').on(t.secretExpiresAt).where(sql`${t.secretExpiresAt} IS NOT NULL`),
  ],
);

/**
 * Coupons a customer holds (issue 11): granted when a membership is issued, a stamp card reaches
 * its reward, or a birthday comes (server/modules/coupons/wallet.ts grantCoupon), and redeemed once
 * (status ISSUED → USED, a conditional UPDATE so concurrent redemptions cannot both win).
 * `once` copies the coupon's once-per-customer option so a partial unique index can hold it.
 * `barcode` is what the customer's screen shows and staff scan: the coupon's own barcode, or a
 * generated 12-digit code unique in the tenant.
 */
export const customerCoupons = pgTable(
  'customer_coupons',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    couponIdx: integer('coupon_idx').notNull(),
    customerIdx: integer('customer_idx').notNull(),
    /** The membership (an nft of type MEMBERSHIP) it came with, if any. */
    nftIdx: integer('nft_idx'),
    source: text('source', { enum: ['MEMBERSHIP', 'STAMP', 'BIRTHDAY', 'MANUAL'] }).notNull(),
    status: text('status', { enum: ['ISSUED', 'USED', 'CANCELED'] }).notNull().default('ISSUED'),
    once: boolean('once').notNull().default(false),
    barcode: text('barcode').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    usedStoreIdx: integer('used_store_idx'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantIdx, t.idx] }),
    index('customer_coupons_tenant_customer').on(t.tenantIdx, t.customerIdx, t.status),
    index('customer_coupons_tenant_coupon').on(t.tenantIdx, t.couponIdx),
    uniqueIndex('customer_coupons_tenant_barcode').on(t.tenantIdx, t.barcode),
    uniqueIndex('customer_coupons_once').on(t.tenantIdx, t.couponIdx, t.customerIdx).where(sql`${t.once}`),
  ],
);

/**
 * The coupon record behind each coupon a membership template attaches (`nft_templates.partners_coupon`,
 * issue 23 item 2): made the first time a membership of the template is issued
 * (server/modules/memberships/attachedCoupons.ts), so the wallet (`customer_coupons.coupon_idx`) can hold
 * it. `attached_key` is a hash of the attached coupon as the template says it (title, offline, number,
 * URL, end): a changed attached coupon gets a new record, and only those the template still attaches are
 * granted. `coupon_url` is the attached coupon's URL, which a coupon record has no field for.
 */
export const membershipAttachedCoupons = pgTable(
  'membership_attached_coupons',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    templateIdx: integer('template_idx').notNull(),
    attachedKey: text('attached_key').notNull(),
    couponIdx: integer('coupon_idx').notNull(),
    couponUrl: text('coupon_url').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantIdx, t.templateIdx, t.attachedKey] }),
    uniqueIndex('membership_attached_coupons_coupon').on(t.tenantIdx, t.couponIdx),
  ],
);

/**
 * The customer's lounge (issue 11 item 8, server/modules/lounge). `lounge_keys`: each tenant's
 * stable public key of /lounge/{key}, made on first ask.
 */
export const loungeKeys = pgTable(
  'lounge_keys',
  {
    tenantIdx: integer('tenant_idx').primaryKey(),
    loungeKey: text('lounge_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('lounge_keys_key').on(t.loungeKey)],
);

/** The brand's 4-digit staff PIN for coupon redemption, stored only as its argon2 hash (never answered). */
export const staffPins = pgTable('staff_pins', {
  tenantIdx: integer('tenant_idx').primaryKey(),
  pinHash: text('pin_hash').notNull(),
  /** The brand's wrong-PIN budget counts only tries after this staff_pin_failures idx: saving a PIN sets it to the newest try, so a new PIN ends a pause. */
  budgetFromIdx: integer('budget_from_idx').notNull().default(0),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Lounge sign-in codes: the code only as a salted SHA-256 (`code_hash`), the client IP only as a
 * SHA-256 (`ip_hash`, for the per-IP send limit). `attempts` counts wrong tries (locked at 5);
 * `used_at` spends it. The rows are also the send log the limits count.
 */
export const loungeOtps = pgTable(
  'lounge_otps',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    countryCode: text('country_code').notNull().default('82'),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    ipHash: text('ip_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantIdx, t.idx] }),
    index('lounge_otps_tenant_phone').on(t.tenantIdx, t.countryCode, t.phone, t.createdAt),
    index('lounge_otps_ip').on(t.ipHash, t.createdAt),
  ],
);

/** Customer sessions of the lounge: their own table and header, so a customer token never opens a partner route (nor the reverse). Token stored hashed. */
export const loungeSessions = pgTable(
  'lounge_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    tenantIdx: integer('tenant_idx').notNull(),
    customerIdx: integer('customer_idx').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('lounge_sessions_customer').on(t.tenantIdx, t.customerIdx)],
);

/**
 * Staff PIN tries, counted for the limits (lounge.ts STAFF_PIN_LIMITS: per customer, and the brand's
 * hourly budget). A try is recorded under the brand's staff_pins row lock before the PIN is checked
 * and deleted when the PIN was right, so the rows are the wrong PINs (and the ones being checked).
 */
export const staffPinFailures = pgTable(
  'staff_pin_failures',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    customerIdx: integer('customer_idx').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantIdx, t.idx] }),
    index('staff_pin_failures_customer').on(t.tenantIdx, t.customerIdx, t.createdAt),
    index('staff_pin_failures_tenant_created').on(t.tenantIdx, t.createdAt),
  ],
);

/**
 * A brand's stamp card (issue 11 item 6, src/domain/stamp.ts): stamps to a reward, the reward
 * coupon, the trigger that earns a stamp, and whether accrual is on. One row per tenant.
 */
export const stampSettings = pgTable('stamp_settings', {
  tenantIdx: integer('tenant_idx').primaryKey(),
  goal: integer('goal').notNull(),
  rewardCouponIdx: integer('reward_coupon_idx').notNull(),
  trigger: text('trigger', { enum: ['GUARANTEE', 'ORDER', 'VISIT'] }).notNull(),
  active: char('active', { length: 1 }).$type<'Y' | 'N'>().notNull().default('Y'),
  description: text('description').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Each customer's current card: the stamps on it and its number (1 for the first card). Accrual
 * locks this row (FOR UPDATE), so concurrent accruals never lose a stamp nor reward a card twice.
 */
export const stampCards = pgTable(
  'stamp_cards',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    customerIdx: integer('customer_idx').notNull(),
    count: integer('count').notNull().default(0),
    cardNo: integer('card_no').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantIdx, t.customerIdx] })],
);

/** Every stamp earned (ACCRUED, or CANCELED when its certificate was cancelled) and every reward (granted or refused by its coupon), newest first in the console. */
export const stampHistory = pgTable(
  'stamp_history',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    customerIdx: integer('customer_idx').notNull(),
    status: text('status', { enum: ['ACCRUED', 'REWARDED', 'REWARD_FAILED', 'CANCELED'] }).notNull(),
    trigger: text('trigger', { enum: ['GUARANTEE', 'ORDER', 'VISIT'] }).notNull(),
    /** The certificate (GUARANTEE) or order (ORDER) that earned it; none for a visit. */
    refIdx: integer('ref_idx'),
    cardNo: integer('card_no').notNull(),
    countAfter: integer('count_after').notNull(),
    goal: integer('goal').notNull(),
    couponIdx: integer('coupon_idx'),
    /** The customer_coupons row of a granted reward. */
    customerCouponIdx: integer('customer_coupon_idx'),
    failReason: text('fail_reason'),
    memo: text('memo'),
    /** The administrator who confirmed a visit. */
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantIdx, t.idx] }),
    index('stamp_history_tenant_status').on(t.tenantIdx, t.status, t.idx),
    index('stamp_history_tenant_customer').on(t.tenantIdx, t.customerIdx, t.idx),
    // A cancelled certificate's stamp (server/modules/stamps/cancel.ts): a probe, not a walk of the tenant's stamps.
    index('stamp_history_tenant_ref').on(t.tenantIdx, t.trigger, t.refIdx),
  ],
);

/** The brand lounge's settings (issue 11 item 7, src/domain/brandLounge.ts), one row per tenant. */
export const loungeSettings = pgTable('lounge_settings', {
  tenantIdx: integer('tenant_idx').primaryKey(),
  title: text('title').notNull(),
  subtitle: text('subtitle').notNull().default(''),
  description: text('description').notNull().default(''),
  notice: text('notice').notNull().default(''),
  themeColor: text('theme_color').notNull(),
  logo: text('logo'),
  image: text('image'),
  membershipIdxList: jsonb('membership_idx_list').$type<number[]>().notNull().default([]),
  couponIdxList: jsonb('coupon_idx_list').$type<number[]>().notNull().default([]),
  showStamp: char('show_stamp', { length: 1 }).$type<'Y' | 'N'>().notNull().default('Y'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The prepaid credit ledger (issue 12 item 5; server/modules/credit/ledger.ts): every change of
 * credit_accounts.balance is one entry written in the same transaction, so the balance always
 * equals the sum of its tenant's entries. `amount` is signed (a debit is negative); `groupKey`
 * ties a charge to its refund and a reservation to its settlement (GET /transaction/group).
 */
export const creditLedger = pgTable('credit_ledger', {
  tenantIdx: integer('tenant_idx').notNull(),
  entryIdx: serial('entry_idx').notNull(),
  kind: text('kind').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
  groupKey: text('group_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [
  primaryKey({ columns: [t.tenantIdx, t.entryIdx] }),
  index('credit_ledger_group_idx').on(t.tenantIdx, t.groupKey),
  index('credit_ledger_created_idx').on(t.tenantIdx, t.createdAt),
]);

/** A card charge of credit (manual or auto top-up): PENDING until the card answers, then PAID or FAILED; PAID may become REFUNDED. */
export const creditCharges = pgTable('credit_charges', {
  tenantIdx: integer('tenant_idx').notNull(),
  chargeIdx: serial('charge_idx').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  vat: bigint('vat', { mode: 'number' }).notNull(),
  auto: boolean('auto').notNull().default(false),
  status: text('status').notNull(),
  idempotencyKey: text('idempotency_key'),
  paymentKey: text('payment_key'),
  failReason: text('fail_reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
}, (t) => [
  primaryKey({ columns: [t.tenantIdx, t.chargeIdx] }),
  uniqueIndex('credit_charges_key_idx').on(t.tenantIdx, t.idempotencyKey),
  // At most one auto top-up in flight per tenant: the outbox row the debit writes.
  uniqueIndex('credit_charges_auto_pending_idx').on(t.tenantIdx).where(sql`auto and status = 'PENDING'`),
]);

/**
 * What each Idempotency-Key was first sent with (server/http/idempotency.ts): a hash of the request,
 * so the same key with another body is refused instead of answering the first result.
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  tenantIdx: integer('tenant_idx').notNull(),
  scope: text('scope').notNull(),
  key: text('key').notNull(),
  requestHash: text('request_hash').notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.tenantIdx, t.scope, t.key] })]);

/** A debit reservation (messages reserve, then settle the actual amount or release). */
export const creditReservations = pgTable('credit_reservations', {
  tenantIdx: integer('tenant_idx').notNull(),
  reservationIdx: serial('reservation_idx').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  settledAmount: bigint('settled_amount', { mode: 'number' }),
  status: text('status').notNull(),
  idempotencyKey: text('idempotency_key'),
  memo: text('memo'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  closedAt: timestamp('closed_at', { withTimezone: true }),
}, (t) => [
  primaryKey({ columns: [t.tenantIdx, t.reservationIdx] }),
  uniqueIndex('credit_reservations_key_idx').on(t.tenantIdx, t.idempotencyKey),
]);

/** What the brand is told about its credit (a failed auto top-up). */
export const creditNotices = pgTable('credit_notices', {
  tenantIdx: integer('tenant_idx').notNull(),
  noticeIdx: serial('notice_idx').notNull(),
  kind: text('kind').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.tenantIdx, t.noticeIdx] })]);

/**
 * A tenant's billing customer (issue 12 item 2): the provider's customer key (Toss: customerKey,
 * random, never the tenant's idx) and the payment e-mail, asked on the first card only.
 */
export const billingProfiles = pgTable('billing_profiles', {
  tenantIdx: integer('tenant_idx').primaryKey(),
  customerKey: text('customer_key').notNull().unique(),
  email: text('email'),
  createdAt: createdAt(),
});

/**
 * Registered payment cards (GET/POST/DELETE /v2/method). The card number never lands here: the
 * provider's billing key, the number masked to its last 4 digits, and `cardKey`, a SHA-256 of what
 * may be kept of a card (its first 6 and last 4 digits and its expiry), which refuses the same card
 * twice (ALREADY_REGISTERED_BILLING) while a card is registered.
 */
export const paymentCards = pgTable(
  'payment_cards',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    provider: text('provider', { enum: ['sandbox', 'toss'] }).notNull(),
    billingKey: text('billing_key').notNull(),
    cardKey: text('card_key').notNull(),
    maskedNumber: text('masked_number').notNull(),
    cardCompany: text('card_company'),
    cardType: text('card_type'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantIdx, t.idx] }),
    uniqueIndex('payment_cards_tenant_card').on(t.tenantIdx, t.cardKey),
  ],
);

/** One item of a bill (spec 1 section 3, Bill). Amounts in won; a refund's are negative. */
export interface BillItem {
  itemType: 'PLAN' | 'REFUND_PLAN' | 'REFUND_PLUS' | 'NOTIFICATION' | 'NFT';
  itemName: string;
  itemUnit: string;
  originPrice: number;
  discountPrice: number;
  discountRate: number;
  price: number;
  vat: number;
  totalAmount: number;
  count: number;
  startDate: string | null;
  endDate: string | null;
}

/**
 * Bills (GET /v2/bill…, docs/api/payment.md): what a subscription, a plan change or a renewal
 * charged or refunded, with its payment result. `orderId` is the provider's order id (unique per tenant, so a
 * renewal attempt is claimed by inserting its bill: one process wins); `idempotencyKey` is the
 * client's key of POST /v2/subscription (a retry answers the same bill). A renewal's bill names the
 * period end it renews (`periodEnd`) and its attempt.
 */
export const bills = pgTable(
  'bills',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    kind: text('kind', { enum: ['SUBSCRIBE', 'CHANGE', 'RENEWAL'] }).notNull(),
    status: text('status', { enum: ['complete', 'fail', 'ready', 'request', 'cancel'] }).notNull(),
    planId: text('plan_id'),
    subscriptionIdx: integer('subscription_idx'),
    itemList: jsonb('item_list').$type<BillItem[]>().notNull(),
    totalAmount: integer('total_amount').notNull(),
    orderId: text('order_id').notNull(),
    idempotencyKey: text('idempotency_key'),
    paymentKey: text('payment_key'),
    /** The card charged, as the receipt shows it ('****-****-****-1234', `receiptCardNumber`); null when no card was charged. */
    cardNumber: text('card_number'),
    failMessage: text('fail_message'),
    periodEnd: timestamp('period_end', { withTimezone: true, mode: 'date' }),
    attempt: smallint('attempt').notNull().default(0),
    payDate: timestamp('pay_date', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantIdx, t.idx] }),
    uniqueIndex('bills_tenant_order').on(t.tenantIdx, t.orderId),
    uniqueIndex('bills_tenant_idempotency').on(t.tenantIdx, t.idempotencyKey),
    index('bills_tenant_created').on(t.tenantIdx, t.createdAt),
    /** The renewal job's sweep of attempts a crash left in `request` (few rows). */
    index('bills_requests').on(t.tenantIdx, t.createdAt).where(sql`status = 'request'`),
  ],
);

/**
 * After-service (issue 13, docs/api/afterService.md). A brand links one active repair and one active
 * laundry partner account (a repairer or launderer main account) by invitation; a partner may serve
 * several brands. `partner_idx` is the partner's account idx (its tenant).
 */
export const asPartnerLinks = pgTable(
  'as_partner_links',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    type: text('type', { enum: ['repair', 'laundry'] }).notNull(),
    partnerIdx: integer('partner_idx').notNull(),
    status: text('status', { enum: ['invited', 'active'] }).notNull(),
    invitedBy: integer('invited_by').notNull(),
    createdAt: createdAt(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantIdx, t.idx] }),
    uniqueIndex('as_partner_links_pair').on(t.tenantIdx, t.type, t.partnerIdx),
    // One active partner per kind, so a new request routes to exactly one partner.
    uniqueIndex('as_partner_links_active').on(t.tenantIdx, t.type).where(sql`status = 'active'`),
    index('as_partner_links_partner').on(t.partnerIdx, t.type),
  ],
);

/**
 * A repair or laundry request of a brand (`tenant_idx`), on a certificate, routed at intake to the
 * brand's active partner of its kind (`partner_idx`, null when the brand has none and processes it
 * itself). The certificate's number, product and customer are copied at intake so the history lists
 * and searches without joins. `idx` is unique across tenants (a partner names requests of several brands).
 */
export const asRequests = pgTable(
  'as_requests',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    type: text('type', { enum: ['repair', 'laundry'] }).notNull(),
    status: text('status', { enum: ['request', 'preinspect', 'inspecting', 'working', 'washing', 'complete', 'shipping', 'cancel', 'exchanged'] }).notNull(),
    partnerIdx: integer('partner_idx'),
    nftIdx: integer('nft_idx').notNull(),
    nftNumber: text('nft_number').notNull(),
    productName: text('product_name').notNull(),
    customerIdx: integer('customer_idx'),
    customerName: text('customer_name').notNull(),
    categoryIdx: integer('category_idx'),
    optionIdx: integer('option_idx'),
    requestMessage: text('request_message').notNull(),
    receiverName: text('receiver_name').notNull(),
    receiverPhone: text('receiver_phone').notNull(),
    receiverZipCode: text('receiver_zip_code').notNull(),
    receiverAddress1: text('receiver_address1').notNull(),
    receiverAddress2: text('receiver_address2').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    preEstimateAmount: integer('pre_estimate_amount'),
    estimateAmount: integer('estimate_amount'),
    estimateComment: text('estimate_comment'),
    cancelReason: text('cancel_reason'),
    courier: text('courier'),
    trackingNumber: text('tracking_number'),
    completeImages: jsonb('complete_images').$type<string[]>().notNull().default([]),
    partnersMemo: text('partners_memo').notNull().default(''),
    /** The intake's `Idempotency-Key` header: a retried submit answers the first request (null without one). */
    idempotencyKey: text('idempotency_key'),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    // The history's search (server/modules/afterService/requests.ts), as the guarantees search theirs:
    // lower-case copies and the phone's digits on trigram indexes, and the two-character substrings of
    // the customer's name (o) and the product (p) for two-character terms (nft_search_bigrams, migration 0010).
    customerNameLc: text('customer_name_lc').generatedAlwaysAs(sql`lower(customer_name)`),
    productNameLc: text('product_name_lc').generatedAlwaysAs(sql`lower(product_name)`),
    receiverPhoneDigits: text('receiver_phone_digits').generatedAlwaysAs(sql`regexp_replace(receiver_phone, '[^0-9]', '', 'g')`),
    searchBigrams: text('search_bigrams').array().generatedAlwaysAs(sql`nft_search_bigrams(customer_name, product_name)`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantIdx, t.idx] }),
    uniqueIndex('as_requests_idx').on(t.idx),
    index('as_requests_customer_name_trgm').using('gin', t.customerNameLc.op('gin_trgm_ops')),
    index('as_requests_product_name_trgm').using('gin', t.productNameLc.op('gin_trgm_ops')),
    index('as_requests_phone_trgm').using('gin', t.receiverPhoneDigits.op('gin_trgm_ops')),
    index('as_requests_nft_number_trgm').using('gin', t.nftNumber.op('gin_trgm_ops')),
    index('as_requests_search_bigrams').using('gin', t.searchBigrams),
    index('as_requests_history').on(t.tenantIdx, t.type, t.createdAt, t.idx),
    index('as_requests_status').on(t.tenantIdx, t.type, t.status, t.createdAt, t.idx),
    index('as_requests_partner').on(t.partnerIdx, t.type, t.createdAt, t.idx).where(sql`partner_idx IS NOT NULL`),
    index('as_requests_partner_status').on(t.partnerIdx, t.type, t.status, t.createdAt, t.idx).where(sql`partner_idx IS NOT NULL`),
    index('as_requests_nft').on(t.tenantIdx, t.nftIdx),
    uniqueIndex('as_requests_idempotency').on(t.tenantIdx, t.idempotencyKey),
  ],
);

/** Every move of a request: who (account and its admin type) and when, with the action's body. */
export const asRequestEvents = pgTable(
  'as_request_events',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    requestIdx: integer('request_idx').notNull(),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actorIdx: integer('actor_idx').notNull(),
    actorType: text('actor_type', { enum: ['b2b', 'repairer', 'launderer'] }).notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantIdx, t.idx] }), index('as_request_events_request').on(t.tenantIdx, t.requestIdx)],
);

/** The brand's A/S settings per kind (GET/POST /v1/admin/{type}/info). */
export const asSettings = pgTable(
  'as_settings',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    type: text('type', { enum: ['repair', 'laundry'] }).notNull(),
    contactPhone: text('contact_phone').notNull().default(''),
    notice: text('notice').notNull().default(''),
    receiveZipCode: text('receive_zip_code').notNull().default(''),
    receiveAddress1: text('receive_address1').notNull().default(''),
    receiveAddress2: text('receive_address2').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantIdx, t.type] })],
);

/** Repair categories and their options (GET/POST /v1/admin/repair/category). */
export const repairCategories = pgTable(
  'repair_categories',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantIdx, t.idx] })],
);

export const repairCategoryOptions = pgTable(
  'repair_category_options',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    categoryIdx: integer('category_idx').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantIdx, t.idx] }), index('repair_category_options_category').on(t.tenantIdx, t.categoryIdx)],
);

/** Memos on a request (GET/POST /v1/admin/memo/{type}/{id}), by the brand's or the partner's accounts. */
export const asMemos = pgTable(
  'as_memos',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    targetType: text('target_type', { enum: ['repair', 'laundry'] }).notNull(),
    targetIdx: integer('target_idx').notNull(),
    memo: text('memo').notNull(),
    authorIdx: integer('author_idx').notNull(),
    authorType: text('author_type', { enum: ['b2b', 'repairer', 'launderer'] }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantIdx, t.idx] }), uniqueIndex('as_memos_idx').on(t.idx), index('as_memos_target').on(t.tenantIdx, t.targetType, t.targetIdx)],
);

// ── messages (issue 25) ──

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A brand's messaging channel (GET/PUT /v2/message-integration): the Kakao channel's sender key,
 * the pre-registered sender number and its registration state, the 080 opt-out number and the
 * contact every ad names, and the frequency cap (ads per customer per channel per Seoul day).
 */
export const messageChannels = pgTable('message_channels', {
  tenantIdx: integer('tenant_idx').primaryKey(),
  senderKey: text('sender_key'),
  kakaoState: text('kakao_state', { enum: ['NONE', 'REQUESTED', 'APPROVED'] }).notNull().default('NONE'),
  senderNumber: text('sender_number'),
  senderNumberState: text('sender_number_state', { enum: ['NONE', 'REQUESTED', 'REGISTERED'] }).notNull().default('NONE'),
  optOutNumber: text('opt_out_number'),
  contact: text('contact'),
  frequencyCap: smallint('frequency_cap').notNull().default(1),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Message templates (temp and auto): TEXT and IMAGE go as Brand Message, SMS as SMS/LMS, ALIM_TALK as
 * 알림톡 from an approved template (review_state changed by the provider's webhook, keyed by
 * provider_code, unique across tenants).
 */
export const messageTemplates = pgTable('message_templates', {
  tenantIdx: integer('tenant_idx').notNull(),
  idx: serial('idx').notNull(),
  scope: text('scope', { enum: ['temp', 'auto'] }).notNull(),
  messageTitle: text('message_title').notNull(),
  messageType: text('message_type', { enum: ['TEXT', 'IMAGE', 'SMS', 'ALIM_TALK'] }).notNull(),
  templateTalkClass: text('template_talk_class').notNull().default('GENERAL'),
  content: text('content').notNull(),
  title: text('title'),
  imageUrl: text('image_url'),
  wide: boolean('wide').notNull().default(false),
  buttons: jsonb('buttons').$type<{ name: string; url: string }[]>().notNull().default([]),
  couponTitle: text('coupon_title'),
  couponDay: integer('coupon_day'),
  reviewState: text('review_state', { enum: ['REQUESTED', 'IN_REVIEW', 'APPROVED', 'REJECTED'] }),
  reviewComment: text('review_comment'),
  providerCode: text('provider_code'),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.tenantIdx, t.idx] }),
  index('message_templates_list').on(t.tenantIdx, t.scope, t.idx),
  uniqueIndex('message_templates_provider_code').on(t.providerCode),
]);

/**
 * Campaigns (one-off TEMP and automatic AUTO): the spec's payload kept whole, the status
 * (DRAFT → SCHEDULED → SENDING → SENT, or CANCELED), when it goes (held to 08:00 for an ad), and its
 * counts. The send job claims SCHEDULED rows whose send_at has come by one conditional UPDATE
 * (FOR UPDATE SKIP LOCKED), so several processes send each once.
 */
export const messageCampaigns = pgTable('message_campaigns', {
  tenantIdx: integer('tenant_idx').notNull(),
  idx: serial('idx').notNull(),
  kind: text('kind', { enum: ['TEMP', 'AUTO'] }).notNull().default('TEMP'),
  status: text('status', { enum: ['DRAFT', 'SCHEDULED', 'SENDING', 'SENT', 'CANCELED'] }).notNull().default('DRAFT'),
  messageTitle: text('message_title').notNull(),
  messageType: text('message_type', { enum: ['TEXT', 'IMAGE', 'SMS', 'ALIM_TALK'] }).notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  sendAt: ts('send_at'),
  held: boolean('held').notNull().default(false),
  notice: text('notice'),
  claimedAt: ts('claimed_at'),
  sendCount: integer('send_count').notNull().default(0),
  successCount: integer('success_count').notNull().default(0),
  failCount: integer('fail_count').notNull().default(0),
  replaceSendCount: integer('replace_send_count').notNull().default(0),
  unsentCount: integer('unsent_count').notNull().default(0),
  messageCost: bigint('message_cost', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
  sentAt: ts('sent_at'),
  /** An automatic message's toggle (spec 3 §4: ON starts automatic sending, OFF stops it); null for one-off ones. */
  autoState: text('auto_state', { enum: ['ON', 'OFF'] }),
}, (t) => [
  primaryKey({ columns: [t.tenantIdx, t.idx] }),
  index('message_campaigns_list').on(t.tenantIdx, t.kind, t.idx),
  index('message_campaigns_due').on(t.status, t.sendAt),
  index('message_campaigns_auto_on').on(t.autoState).where(sql`${t.autoState} = 'ON'`),
]);

/**
 * The runs of automatic messages (spec 3 §4 batch status PENDING → PROCESSING → COMPLETED): one per
 * campaign and run key (a Seoul day, or day and hour for IMMEDIATE), made by INSERT … ON CONFLICT DO
 * NOTHING so a run is made once however many processes look; the job claims PENDING ones (and
 * PROCESSING ones a crash left) with FOR UPDATE SKIP LOCKED. Its recipients are message_recipients
 * rows with its idx as batch_idx.
 */
export const messageAutoBatches = pgTable('message_auto_batches', {
  tenantIdx: integer('tenant_idx').notNull(),
  idx: serial('idx').notNull(),
  campaignIdx: integer('campaign_idx').notNull(),
  runKey: text('run_key').notNull(),
  status: text('status', { enum: ['PENDING', 'PROCESSING', 'COMPLETED'] }).notNull().default('PENDING'),
  dueAt: ts('due_at').notNull(),
  claimedAt: ts('claimed_at'),
  targetCount: integer('target_count').notNull().default(0),
  sendCount: integer('send_count').notNull().default(0),
  successCount: integer('success_count').notNull().default(0),
  failCount: integer('fail_count').notNull().default(0),
  unsentCount: integer('unsent_count').notNull().default(0),
  messageCost: bigint('message_cost', { mode: 'number' }).notNull().default(0),
  notice: text('notice'),
  createdAt: createdAt(),
  completedAt: ts('completed_at'),
}, (t) => [
  primaryKey({ columns: [t.tenantIdx, t.idx] }),
  uniqueIndex('message_auto_batches_run').on(t.tenantIdx, t.campaignIdx, t.runKey),
  index('message_auto_batches_due').on(t.status, t.dueAt),
]);

/**
 * One row per campaign and customer (so no customer is sent or charged twice): its result, its
 * cost and the credit reservation of its batch, settled once the batch has no PENDING row left.
 */
export const messageRecipients = pgTable('message_recipients', {
  tenantIdx: integer('tenant_idx').notNull(),
  campaignIdx: integer('campaign_idx').notNull(),
  /** The automatic message's run (message_auto_batches.idx); 0 for a one-off campaign. */
  batchIdx: integer('batch_idx').notNull().default(0),
  customerIdx: integer('customer_idx').notNull(),
  /**
   * What an automatic message was sent for (the birthday's year, the purchase's day, …): one row per
   * campaign, customer and occurrence that is not UNSENT (a partial unique index), so no run sends it twice.
   */
  occurrence: text('occurrence'),
  name: text('name').notNull(),
  countryCode: text('country_code').notNull().default('82'),
  phone: text('phone').notNull(),
  channel: text('channel', { enum: ['BRAND', 'SMS', 'ALIMTALK'] }).notNull(),
  ad: boolean('ad').notNull(),
  status: text('status', { enum: ['PENDING', 'SENT', 'FAILED', 'UNSENT'] }).notNull().default('PENDING'),
  sentKind: text('sent_kind'),
  fallback: boolean('fallback').notNull().default(false),
  cost: integer('cost').notNull().default(0),
  reservationIdx: integer('reservation_idx'),
  providerKey: text('provider_key').notNull(),
  failReason: text('fail_reason'),
  /** The Seoul day it went (the frequency cap counts by it). */
  sentDay: date('sent_day', { mode: 'string' }),
  resultAt: ts('result_at'),
  /** The recipient's own random token in its tracked links (`/l/<token><button>`): no personal data in the URL. */
  linkToken: text('link_token'),
  /** The day's frequency-cap slot this ad holds (message_daily_caps), taken before it went; given back if it failed. */
  capDay: date('cap_day', { mode: 'string' }),
}, (t) => [
  primaryKey({ columns: [t.tenantIdx, t.campaignIdx, t.batchIdx, t.customerIdx] }),
  uniqueIndex('message_recipients_provider_key').on(t.providerKey),
  uniqueIndex('message_recipients_link_token').on(t.linkToken),
  uniqueIndex('message_recipients_occurrence').on(t.tenantIdx, t.campaignIdx, t.customerIdx, t.occurrence)
    .where(sql`${t.occurrence} IS NOT NULL AND ${t.status} <> 'UNSENT'`),
  index('message_recipients_cap').on(t.tenantIdx, t.customerIdx, t.channel, t.sentDay),
  index('message_recipients_batch').on(t.tenantIdx, t.reservationIdx, t.status),
]);

/**
 * A provider's batch whose results are still on their way (docs/api/messages.md "Delivery reports"):
 * Solapi's group id of a batch sent with recipients left PENDING. The result poll claims due rows by
 * a lease (`lease_until`, taken with FOR UPDATE SKIP LOCKED), asks the provider for the group's
 * statuses and applies them once (PENDING rows only); `done_at` once none is on its way.
 */
export const messageResultPolls = pgTable('message_result_polls', {
  provider: text('provider').notNull(),
  ref: text('ref').notNull(),
  tenantIdx: integer('tenant_idx').notNull(),
  campaignIdx: integer('campaign_idx').notNull(),
  batchIdx: integer('batch_idx').notNull().default(0),
  attempts: integer('attempts').notNull().default(0),
  nextPollAt: ts('next_poll_at').notNull(),
  leaseUntil: ts('lease_until'),
  createdAt: createdAt(),
  doneAt: ts('done_at'),
}, (t) => [
  primaryKey({ columns: [t.provider, t.ref] }),
  index('message_result_polls_due').on(t.nextPollAt).where(sql`${t.doneAt} IS NULL`),
]);

/**
 * The frequency cap held in the database (docs/api/messages.md "Frequency cap"): ads taken per
 * customer, channel and Seoul day. A send takes a slot by one conditional upsert (`n < cap`), so two
 * campaigns sent at once by two processes cannot both pass the cap; a failed ad gives its slot back.
 */
export const messageDailyCaps = pgTable('message_daily_caps', {
  tenantIdx: integer('tenant_idx').notNull(),
  customerIdx: integer('customer_idx').notNull(),
  channel: text('channel', { enum: ['BRAND', 'SMS', 'ALIMTALK'] }).notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  n: integer('n').notNull(),
}, (t) => [primaryKey({ columns: [t.tenantIdx, t.customerIdx, t.channel, t.day] }), index('message_daily_caps_day').on(t.tenantIdx, t.channel, t.day)]);

/** Clicks of a campaign's tracked links (`GET /l/{code}`): per recipient and button, the first and last click and how many. */
export const messageClicks = pgTable('message_clicks', {
  tenantIdx: integer('tenant_idx').notNull(),
  campaignIdx: integer('campaign_idx').notNull(),
  customerIdx: integer('customer_idx').notNull(),
  button: smallint('button').notNull(),
  clicks: integer('clicks').notNull().default(1),
  firstAt: ts('first_at').notNull(),
  lastAt: ts('last_at').notNull(),
}, (t) => [primaryKey({ columns: [t.tenantIdx, t.campaignIdx, t.customerIdx, t.button] })]);

/** Opt-outs by the 080 number or the channel (the provider's webhook): no ad goes to the phone again. */
export const messageOptOuts = pgTable('message_opt_outs', {
  tenantIdx: integer('tenant_idx').notNull(),
  phone: text('phone').notNull(),
  via: text('via').notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.tenantIdx, t.phone] })]);

/**
 * The 2-year consent notices (정보통신망법 §50⑧): one row per customer and the day its 2 years ran
 * from (`since_day`), inserted with the notice's send in one transaction (INSERT … ON CONFLICT DO
 * NOTHING claims it, so a re-run or a second process never sends it twice). The latest sent_at is the
 * customer's last notice.
 */
export const consentNotices = pgTable('consent_notices', {
  tenantIdx: integer('tenant_idx').notNull(),
  customerIdx: integer('customer_idx').notNull(),
  sinceDay: date('since_day', { mode: 'string' }).notNull(),
  channel: text('channel', { enum: ['ALIMTALK', 'SMS'] }).notNull(),
  sentAt: ts('sent_at').notNull(),
}, (t) => [
  primaryKey({ columns: [t.tenantIdx, t.customerIdx, t.sinceDay] }),
  index('consent_notices_last').on(t.tenantIdx, t.customerIdx, t.sentAt),
]);

/** Consent naming KakaoTalk (Brand Message M/N targeting), per customer. */
export const customerKakaoConsents = pgTable('customer_kakao_consents', {
  tenantIdx: integer('tenant_idx').notNull(),
  customerIdx: integer('customer_idx').notNull(),
  agreed: char('agreed', { length: 1 }).$type<'Y' | 'N'>().notNull(),
  agreedAt: ts('agreed_at'),
  noticedAt: ts('noticed_at'),
}, (t) => [primaryKey({ columns: [t.tenantIdx, t.customerIdx] })]);

// ── waiting (issue 26) ──

/** Waiting events (src/domain/resources/waiting.ts): derived from the definition. */
export const waitings = resourceTable(declared.waitingResource);

/**
 * Each event's queue: the store's state (open | walkIn | paused until | closed) and the two counters
 * a registration or a push-back takes under this row's lock (`UPDATE … RETURNING`): `next_seq` orders
 * the queue (a push-back takes a new one, to the end), `next_ticket` numbers the guests.
 */
export const waitingQueues = pgTable(
  'waiting_queues',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    eventIdx: integer('event_idx').notNull(),
    state: text('state', { enum: ['open', 'walkIn', 'paused', 'closed'] }).notNull().default('open'),
    pausedUntil: timestamp('paused_until', { withTimezone: true, mode: 'date' }),
    nextSeq: integer('next_seq').notNull().default(0),
    nextTicket: integer('next_ticket').notNull().default(0),
    /** The Seoul day `next_ticket` counts for: the first registration of another day restarts the tickets at 1. */
    ticketDay: text('ticket_day'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantIdx, t.eventIdx] }),
    foreignKey({ columns: [t.tenantIdx, t.eventIdx], foreignColumns: [waitings.tenantIdx, waitings.idx] }).onDelete('cascade'),
  ],
);

/**
 * A guest's place in an event's queue (request → called → enter, or cancel). The position is the
 * count of active entries before it by `seq`, so positions are gapless by construction; `seq` is
 * unique per event (taken from the queue's counter). One active entry per customer and event.
 */
export const waitingEntries = pgTable(
  'waiting_entries',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    eventIdx: integer('event_idx').notNull(),
    customerIdx: integer('customer_idx').notNull(),
    partySize: smallint('party_size').notNull(),
    seq: integer('seq').notNull(),
    ticketNo: integer('ticket_no').notNull(),
    status: text('status', { enum: ['request', 'called', 'enter', 'cancel'] }).notNull().default('request'),
    cancelReason: text('cancel_reason', { enum: ['guest', 'staff', 'noShow'] }),
    pushBacks: smallint('push_backs').notNull().default(0),
    agreeMarketing: char('agree_marketing', { length: 1 }).$type<'Y' | 'N'>().notNull().default('N'),
    isRevisit: char('is_revisit', { length: 1 }).$type<'Y' | 'N'>().notNull().default('N'),
    calledAt: timestamp('called_at', { withTimezone: true, mode: 'date' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    enteredAt: timestamp('entered_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantIdx, t.idx] }),
    foreignKey({ columns: [t.tenantIdx, t.eventIdx], foreignColumns: [waitings.tenantIdx, waitings.idx] }).onDelete('cascade'),
    uniqueIndex('waiting_entries_seq').on(t.tenantIdx, t.eventIdx, t.seq),
    index('waiting_entries_queue').on(t.tenantIdx, t.eventIdx, t.status, t.seq),
    index('waiting_entries_customer').on(t.tenantIdx, t.customerIdx),
    uniqueIndex('waiting_entries_one_active').on(t.tenantIdx, t.eventIdx, t.customerIdx).where(sql`status in ('request', 'called')`),
    index('waiting_entries_called').on(t.status, t.calledAt).where(sql`status = 'called'`),
  ],
);

// ── reservations (issue 26 item 5, docs/api/reservations.md) ──

/** Reservations (src/domain/resources/reservation.ts): derived from the definition. */
export const reservations = resourceTable(declared.reservationResource);

/**
 * A slot's seat counter, made on first use (`INSERT … ON CONFLICT DO NOTHING`). A booking takes a
 * seat with one conditional `UPDATE … SET booked = booked + 1 WHERE booked < capacity RETURNING`
 * in the transaction that inserts it, so concurrent bookings never overbook; a cancel gives it back.
 */
export const reservationSlots = pgTable(
  'reservation_slots',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    reservationIdx: integer('reservation_idx').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    capacity: integer('capacity').notNull(),
    booked: integer('booked').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantIdx, t.reservationIdx, t.startsAt] }),
    foreignKey({ columns: [t.tenantIdx, t.reservationIdx], foreignColumns: [reservations.tenantIdx, reservations.idx] }).onDelete('cascade'),
    check('reservation_slots_booked', sql`${t.booked} >= 0`),
  ],
);

/**
 * A guest's booking of a slot: requested → confirmed → visited | noShow, or cancelled (by guest,
 * staff, policy). One live booking per customer and slot. The deposit, when the reservation has one,
 * is charged through the billing provider (payment_key) and refunded or kept by the policy.
 * `reminded_at` is set by the reminder job in the transaction that queues the day-before 알림톡.
 */
export const reservationBookings = pgTable(
  'reservation_bookings',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    reservationIdx: integer('reservation_idx').notNull(),
    customerIdx: integer('customer_idx').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    partySize: smallint('party_size').notNull(),
    status: text('status', { enum: ['requested', 'confirmed', 'visited', 'noShow', 'cancelled'] }).notNull(),
    cancelBy: text('cancel_by', { enum: ['guest', 'staff', 'policy'] }),
    agreeMarketing: char('agree_marketing', { length: 1 }).$type<'Y' | 'N'>().notNull().default('N'),
    depositAmount: integer('deposit_amount').notNull().default(0),
    depositStatus: text('deposit_status', { enum: ['none', 'pending', 'paid', 'refunded', 'kept', 'refundFailed'] }).notNull().default('none'),
    paymentKey: text('payment_key'),
    remindedAt: ts('reminded_at'),
    confirmedAt: ts('confirmed_at'),
    visitedAt: ts('visited_at'),
    cancelledAt: ts('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantIdx, t.idx] }),
    foreignKey({ columns: [t.tenantIdx, t.reservationIdx], foreignColumns: [reservations.tenantIdx, reservations.idx] }).onDelete('cascade'),
    index('reservation_bookings_day').on(t.tenantIdx, t.reservationIdx, t.startsAt),
    index('reservation_bookings_customer').on(t.tenantIdx, t.customerIdx),
    uniqueIndex('reservation_bookings_one_live').on(t.tenantIdx, t.reservationIdx, t.customerIdx, t.startsAt).where(sql`status in ('requested', 'confirmed')`),
    index('reservation_bookings_remind').on(t.startsAt).where(sql`status = 'confirmed' and reminded_at is null`),
  ],
);

// ── home: onboarding, notices, consignment notice (issue 27) ──

/**
 * The onboarding items a brand completed by pressing their button (src/domain/onboarding.ts
 * BUTTON_ITEM_KEYS); every other item's status is computed from the brand's settings on each read
 * (server/modules/onboarding/checkers.ts), never stored.
 */
export const onboardingCompletions = pgTable(
  'onboarding_completions',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    itemKey: text('item_key').notNull(),
    adminIdx: integer('admin_idx').notNull(),
    completedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantIdx, t.itemKey] })],
);

/**
 * The platform's notices (POST /v1/common/notion): written by the platform's operators, read by every
 * brand; not tenant-owned (a reference table on Citus). `posted_on` is the Seoul day shown.
 */
export const platformNotices = pgTable(
  'platform_notices',
  {
    idx: serial('idx').primaryKey(),
    title: text('title').notNull(),
    link: text('link'),
    postedOn: date('posted_on', { mode: 'string' }).notNull(),
    /** The operator who wrote it (the operator console's account), null for the demo's. */
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('platform_notices_posted').on(t.postedOn, t.idx)],
);

/**
 * The consignment-notice flag (spec 1 section 2.2): an account flagged here is sent to /auth/profile
 * once; the visit sets `seen_at`. One row per flagged account.
 */
export const consignmentNotices = pgTable(
  'consignment_notices',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    adminIdx: integer('admin_idx').notNull(),
    flaggedAt: createdAt(),
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.tenantIdx, t.adminIdx] })],
);

// ── operators and the audit log (issue 27) ──

/**
 * The platform's own staff (docs/roles.md, "Operators"): never a brand account, signed in through their
 * own sign-in into their own sessions. `support` browses brands read-only; `admin` also adds operators and
 * suspends brands. Not tenant-owned (on Citus a reference table).
 */
export const operators = pgTable(
  'operators',
  {
    idx: serial('idx').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['support', 'admin'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('operators_email_key').on(sql`lower(${t.email})`)],
);

/** An operator's session: a row like a partner's (only the token's SHA-256 is kept), in its own table so neither token opens the other's routes. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    operatorIdx: integer('operator_idx').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('operator_sessions_operator').on(t.operatorIdx)],
);

/** A brand suspended by an admin operator: while the row exists, every session of the tenant is refused (BRAND_SUSPENDED). */
export const brandSuspensions = pgTable('brand_suspensions', {
  tenantIdx: integer('tenant_idx').primaryKey(),
  operatorIdx: integer('operator_idx').notNull(),
  reason: text('reason').notNull(),
  createdAt: createdAt(),
});

/**
 * The audit log (server/audit/): append-only (a trigger refuses UPDATE and DELETE). Tenant first;
 * platform-level operator actions (adding an operator) are under tenant 0. `detail` holds the action's
 * before/after or its counts, never personal data beyond what the action needs.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    actorKind: text('actor_kind', { enum: ['partner', 'operator'] }).notNull(),
    actorIdx: integer('actor_idx').notNull(),
    /** The actor's e-mail at the time (who, readable after the account is gone). */
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    /** What it acted on: a route's target idx, or a view's name. */
    target: text('target'),
    outcome: text('outcome', { enum: ['ok', 'refused'] }).notNull(),
    /** The refusal's error code. */
    code: text('code'),
    ip: text('ip').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown> | null>(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantIdx, t.idx] }),
    index('audit_log_tenant_at').on(t.tenantIdx, t.at),
    index('audit_log_at').on(t.at),
  ],
);

/** Analytics events of the local provider (server/providers/analytics): the operator console's page-view view reads them. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    event: text('event').notNull(),
    distinctId: text('distinct_id').notNull(),
    path: text('path').notNull(),
    target: text('target'),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantIdx, t.idx] }), index('analytics_events_at').on(t.at)],
);

/** Error reports of the local provider (render and lazy-load failures, sample rate 1): the operator console's error view reads them. */
export const errorReports = pgTable(
  'error_reports',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    path: text('path').notNull(),
    distinctId: text('distinct_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantIdx, t.idx] }), index('error_reports_at').on(t.at)],
);

// ── shop integrations (issue 28) ──

/**
 * A brand's connection to an online shop platform (docs/api/integrations.md): a Cafe24 mall (mall_id,
 * OAuth tokens per mall) or a Naver Commerce seller (its client id and secret). One live connection per
 * platform and mall across all tenants (a mall's webhooks name the mall only); a disconnected row stays
 * with its leave reason. The poll job claims a connection by a conditional UPDATE of claimed_until.
 */
export const shopConnections = pgTable(
  'shop_connections',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    platform: text('platform', { enum: ['cafe24', 'naver'] }).notNull(),
    /** Cafe24 mall_id; Naver: the application's client id. */
    mallId: text('mall_id').notNull(),
    shopNo: integer('shop_no').notNull().default(1),
    status: text('status', { enum: ['CONNECTED', 'RECONNECT', 'DISCONNECTED'] }).notNull().default('CONNECTED'),
    /** What the brand linked: ORDER, CUSTOMER, POINT, MEMBERSHIP. */
    interworkTypes: jsonb('interwork_types').$type<string[]>().notNull().default([]),
    accessToken: text('access_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true, mode: 'date' }),
    refreshToken: text('refresh_token'),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true, mode: 'date' }),
    /** Naver: the application secret (a bcrypt salt) that signs the token request. */
    clientSecret: text('client_secret'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** Where the next poll starts (platform-specific JSON: a time and, for Naver, the sequence). */
    cursor: jsonb('cursor').$type<Record<string, unknown>>(),
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }),
    claimToken: text('claim_token'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    failures: integer('failures').notNull().default(0),
    leaveReason: text('leave_reason'),
    disconnectedAt: timestamp('disconnected_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantIdx, t.idx] }),
    uniqueIndex('shop_connections_live_mall').on(t.platform, t.mallId).where(sql`status <> 'DISCONNECTED'`),
    index('shop_connections_due').on(t.nextSyncAt),
  ],
);

/**
 * Launch and OAuth states: a Cafe24 launch whose HMAC passed gets a one-time token (the console page
 * /b2b/interwork/cafe24/{token}); the brand who confirms it owns it, and it is the OAuth `state`,
 * consumed once by the callback. Keyed by the token's SHA-256.
 */
export const shopAuthStates = pgTable('shop_auth_states', {
  tokenHash: text('token_hash').primaryKey(),
  platform: text('platform', { enum: ['cafe24', 'naver'] }).notNull(),
  mallId: text('mall_id').notNull(),
  shopNo: integer('shop_no').notNull().default(1),
  /** ORDER (/cafe24/init), CUSTOMER (/cafe24-customer/init), MEMBERSHIP (/cafe24/membership/init). */
  kind: text('kind').notNull(),
  tenantIdx: integer('tenant_idx'),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

/** The launch URL replay guard: each accepted HMAC once (rows older than the ±5 min window are swept). */
export const shopLaunchNonces = pgTable('shop_launch_nonces', {
  platform: text('platform').notNull(),
  hmac: text('hmac').notNull(),
  mallId: text('mall_id').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }).notNull(),
}, (t) => [primaryKey({ columns: [t.platform, t.hmac] }), index('shop_launch_nonces_used').on(t.usedAt)]);

/**
 * One line of a platform order (Cafe24 order_item_code, Naver productOrderId), unique per connection:
 * webhooks and polls upsert it, so the same line seen twice is one row. Its customer order and its
 * warranty are written once each, under this row's lock (docs/api/integrations.md, "Never twice").
 */
export const shopOrders = pgTable(
  'shop_orders',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    connectionIdx: integer('connection_idx').notNull(),
    platform: text('platform', { enum: ['cafe24', 'naver'] }).notNull(),
    orderId: text('order_id').notNull(),
    itemId: text('item_id').notNull(),
    productNo: text('product_no'),
    productName: text('product_name').notNull(),
    paymentAmount: bigint('payment_amount', { mode: 'number' }).notNull().default(0),
    orderedAt: timestamp('ordered_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** ORDERED < DISPATCHED < DELIVERED < PURCHASE_DECIDED; CANCELED. Never moves back. */
    status: text('status').notNull(),
    platformStatus: text('platform_status'),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true, mode: 'date' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    buyerName: text('buyer_name').notNull(),
    buyerPhone: text('buyer_phone').notNull(),
    memberId: text('member_id'),
    customerIdx: integer('customer_idx'),
    customerOrderIdx: integer('customer_order_idx'),
    warrantyNftIdx: integer('warranty_nft_idx'),
    /** NONE (not yet due), NOT_SELECTED, MANUAL (waits for the brand), ISSUED, FAILED, CANCELED (the order cancelled or returned). */
    warrantyState: text('warranty_state').notNull().default('NONE'),
    warrantyError: text('warranty_error'),
    /** When a CANCELED line's warranty was cancelled and its stamps taken back (once: docs/api/integrations.md "Cancelled orders"). */
    reversedAt: timestamp('reversed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantIdx, t.idx] }),
    uniqueIndex('shop_orders_item').on(t.tenantIdx, t.connectionIdx, t.itemId),
    index('shop_orders_tenant_ordered').on(t.tenantIdx, t.orderedAt),
  ],
);

/**
 * Cafe24 mall members linked to customers: the buyer of a delivered order that names a member id. Points
 * find their customer through it both ways (docs/api/integrations.md "Points both ways").
 */
export const shopMembers = pgTable(
  'shop_members',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    connectionIdx: integer('connection_idx').notNull(),
    memberId: text('member_id').notNull(),
    customerIdx: integer('customer_idx').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantIdx, t.connectionIdx, t.memberId] }),
    index('shop_members_customer').on(t.tenantIdx, t.connectionIdx, t.customerIdx),
  ],
);

/**
 * The outbox of point changes made in the console for a linked mall member (docs/api/integrations.md
 * "Points both ways"): written in the adjustment's own transaction, delivered by the poll job with a
 * lease (claimed_until + claim_token), retried with backoff while the mall is down or rate-limiting,
 * never dropped. `change_key` rides in the mall's reason, so a change whose answer was lost (5xx, a cut
 * connection: `maybe_sent`) is looked up in the mall's history before it is sent again: once, never twice.
 */
export const shopPointChanges = pgTable(
  'shop_point_changes',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    idx: serial('idx').notNull(),
    connectionIdx: integer('connection_idx').notNull(),
    customerIdx: integer('customer_idx').notNull(),
    memberId: text('member_id').notNull(),
    ledgerIdx: integer('ledger_idx').notNull(),
    changeKey: text('change_key').notNull(),
    /** Signed: increase above 0, decrease below. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    /** PENDING (to send or resend), SENT, FAILED (the mall refused it: member unknown, not enough points). */
    status: text('status', { enum: ['PENDING', 'SENT', 'FAILED'] }).notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    maybeSent: boolean('maybe_sent').notNull().default(false),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }),
    claimToken: text('claim_token'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantIdx, t.idx] }),
    uniqueIndex('shop_point_changes_key').on(t.tenantIdx, t.changeKey),
    index('shop_point_changes_due').on(t.nextAttemptAt).where(sql`status = 'PENDING'`),
    index('shop_point_changes_ledger').on(t.tenantIdx, t.ledgerIdx),
    // Each member's changes go out in order: the head of the line is the oldest PENDING one.
    index('shop_point_changes_member').on(t.tenantIdx, t.connectionIdx, t.memberId, t.idx).where(sql`status = 'PENDING'`),
  ],
);

/** Point changes read from the mall's history, each once (its fingerprint per connection). */
export const shopPointInbox = pgTable(
  'shop_point_inbox',
  {
    tenantIdx: integer('tenant_idx').notNull(),
    connectionIdx: integer('connection_idx').notNull(),
    fingerprint: text('fingerprint').notNull(),
    customerIdx: integer('customer_idx').notNull(),
    ledgerIdx: integer('ledger_idx'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantIdx, t.connectionIdx, t.fingerprint] })],
);
