import { sql } from 'drizzle-orm';
import {
  pgTable, serial, integer, text, timestamp, boolean, jsonb, bigint, primaryKey, index, uniqueIndex, char,
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
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantIdx, t.idx] })],
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
