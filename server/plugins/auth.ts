import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { checkAccessAt, type AccessSource, type AccessRule, type AdminType, type B2bType } from '../../src/domain/access';
import type { FeatureSetting, PlanGroup, SubscriptionInfo } from '../../src/domain/plans';
import { ApiError, unauthorized } from '../http/errors';
import { MSG } from '../../src/domain/messages';
import { brandSuspensions, featureSettings, partnerships, plans, sessions, subscriptions } from '../db/schema';
import { checkOperatorAccess, OPS_MSG, type OperatorAccessRule } from '../../src/domain/operators';
import { loadOperatorSession, type OperatorPrincipal } from '../modules/ops/operatorSessions';
import { installAudit } from '../audit/audit';
import type { Db } from '../db/client';
import { PrincipalCache, type SessionPrincipal } from './principalCache';

/** The signed-in partner behind a request. `tenantIdx` scopes every data access. */
export interface Principal extends AccessSource {
  kind: 'partner';
  adminIdx: number;
  tenantIdx: number;
  /** The account's e-mail: the audit log's "who". */
  email: string;
  /** The brand is suspended by an operator (issue 27): every route refuses it with BRAND_SUSPENDED. */
  isSuspended: boolean;
  b2bType: B2bType | null;
  emailConfirmed: boolean;
  isLeaved: boolean;
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Recent sessions' principals; services that change what a principal holds call its forget methods. */
    principals: PrincipalCache;
  }
  interface FastifyRequest {
    principal?: Readonly<Principal>;
    /** The signed-in operator of an operator route (never set together with `principal`). */
    operator?: Readonly<OperatorPrincipal>;
  }
  interface FastifyContextConfig {
    /** No session needed (sign-in, sign-up, health, public pages). */
    public?: boolean;
    /** Who may call the route; required on every non-public API route. */
    access?: AccessRule;
    /** Who of the platform's staff may call an operator route (src/domain/operators.ts); such a route declares this instead of `access`. */
    operatorAccess?: OperatorAccessRule;
    /** Reachable before the e-mail is confirmed (consents right after sign-up). */
    allowUnconfirmed?: boolean;
    /** Reachable by an account that has withdrawn (reading itself, withdraw-cancel). */
    allowLeaved?: boolean;
  }
}

export interface CurrentSubscription extends SubscriptionInfo {
  planId: string;
  planName: string;
  price: number;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function tokenFrom(headers: Record<string, string | string[] | undefined>): string | null {
  const auth = headers.authorization;
  if (typeof auth === 'string' && auth.startsWith('Bearer ')) return auth.slice(7).trim() || null;
  const raw = headers['x-auth-token'];
  return typeof raw === 'string' && raw ? raw : null;
}

/**
 * The auth queries, prepared once per database handle (named statements on node-postgres, so the
 * server parses and plans them once per connection; pre-built SQL on PGlite): no query building on
 * the request path.
 */
function prepareAuthQueries(db: Db) {
  const main = alias(partnerships, 'main_account');
  const tenantIdx = sql.placeholder('tenantIdx');
  return {
    /** The live session's account, with its main account's withdrawal (a main account's parent is itself). */
    session: db
      .select({
        expiresAt: sessions.expiresAt, idx: partnerships.idx, parentIdx: partnerships.parentIdx, adminType: partnerships.adminType,
        email: partnerships.email, suspendedAt: brandSuspensions.createdAt,
        b2bType: partnerships.b2bType, emailConfirmedAt: partnerships.emailConfirmedAt, isLeaved: partnerships.isLeaved, mainIsLeaved: main.isLeaved,
      })
      .from(sessions)
      .innerJoin(partnerships, eq(partnerships.idx, sessions.adminIdx))
      .leftJoin(main, eq(main.idx, partnerships.parentIdx))
      .leftJoin(brandSuspensions, eq(brandSuspensions.tenantIdx, sessions.tenantIdx))
      .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
      .limit(1)
      .prepare('auth_session'),
    features: db.select().from(featureSettings).where(eq(featureSettings.tenantIdx, tenantIdx)).prepare('auth_features'),
    subscription: db
      .select({ sub: subscriptions, plan: plans })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.planId, subscriptions.planId))
      .where(eq(subscriptions.tenantIdx, tenantIdx))
      .orderBy(desc(subscriptions.startDate), desc(subscriptions.idx))
      .limit(1)
      .prepare('auth_subscription'),
  };
}
type AuthQueries = ReturnType<typeof prepareAuthQueries>;

const preparedByDb = new WeakMap<Db, AuthQueries>();
function authQueries(db: Db): AuthQueries {
  let queries = preparedByDb.get(db);
  if (!queries) preparedByDb.set(db, (queries = prepareAuthQueries(db)));
  return queries;
}

/** The tenant's current subscription (the newest one) with its plan: group for access, name and price for display. */
export async function loadSubscription(db: Db, tenantIdx: number): Promise<CurrentSubscription | null> {
  const [row] = await authQueries(db).subscription.execute({ tenantIdx });
  if (!row) return null;
  return {
    planId: row.plan.planId,
    planGroup: row.plan.groupId as PlanGroup,
    planName: row.plan.name,
    price: row.plan.price,
    startDate: row.sub.startDate.toISOString(),
    endDate: row.sub.endDate ? row.sub.endDate.toISOString() : null,
    isCanceled: row.sub.isCanceled,
    isTrial: row.sub.isTrial,
  };
}

export async function loadFeatureSettings(db: Db, tenantIdx: number): Promise<FeatureSetting[]> {
  const rows = await authQueries(db).features.execute({ tenantIdx });
  return rows.map((r) => ({
    name: r.name as FeatureSetting['name'],
    option: r.option ?? null,
    endAt: r.endAt ? r.endAt.toISOString() : null,
  }));
}

/** The principal of a live (not revoked) session from the database, or null. Its expiry is checked by the caller. */
async function loadSessionPrincipal(db: Db, tokenHash: string): Promise<SessionPrincipal | null> {
  const [row] = await authQueries(db).session.execute({ tokenHash });
  if (!row) return null;
  const tenantIdx = row.parentIdx ?? row.idx;
  const [settings, subscription] = await Promise.all([loadFeatureSettings(db, tenantIdx), loadSubscription(db, tenantIdx)]);
  const principal: Principal = {
    kind: 'partner',
    adminIdx: row.idx,
    tenantIdx,
    email: row.email,
    isSuspended: row.suspendedAt !== null,
    adminType: row.adminType as AdminType,
    b2bType: (row.b2bType as B2bType | null) ?? null,
    isSubAccount: tenantIdx !== row.idx,
    emailConfirmed: row.emailConfirmedAt !== null,
    // A sub-account goes with its main account: when the brand withdraws, its staff are out too.
    isLeaved: row.isLeaved === 'Y' || row.mainIsLeaved === 'Y',
    settings,
    subscription,
    tokenHash,
  };
  return { principal: Object.freeze(principal), expiresAt: row.expiresAt.getTime() };
}

/**
 * Authentication is enforced once, here: every /api route is private unless it says
 * `config.public`, and must declare `config.access`, which is checked with the same
 * `checkAccess` the console uses for its menu and routes.
 */
export default fp(async (app) => {
  app.decorate('principals', new PrincipalCache(app.clock));
  installAudit(app);
  app.addHook('onRoute', (route) => {
    const cfg = route.config as { public?: boolean; access?: AccessRule; operatorAccess?: OperatorAccessRule } | undefined;
    if (route.url.startsWith('/api') && !cfg?.public && !cfg?.access && !cfg?.operatorAccess && route.method !== 'HEAD') {
      throw new Error(`Route ${route.method} ${route.url} must declare config.public, config.access or config.operatorAccess`);
    }
    if (cfg?.access && cfg.operatorAccess) throw new Error(`Route ${route.method} ${route.url} declares both access and operatorAccess`);
  });

  app.addHook('onRequest', async (request) => {
    const cfg = request.routeOptions.config;
    if (!request.url.startsWith('/api') || cfg.public) return;
    // An operator route looks only in the operators' sessions: a brand token is unknown there (401).
    if (cfg.operatorAccess) {
      const operatorToken = tokenFrom(request.headers);
      if (!operatorToken) throw unauthorized();
      const operator = await loadOperatorSession(app.db, hashToken(operatorToken), app.clock.now());
      if (!operator) throw unauthorized();
      request.operator = operator;
      const denied = checkOperatorAccess(operator.role, cfg.operatorAccess);
      if (denied) throw new ApiError(403, denied, OPS_MSG.supportReadOnly);
      return;
    }
    if (!cfg.access) return;
    const token = tokenFrom(request.headers);
    if (!token) throw unauthorized();
    const tokenHash = hashToken(token);
    const now = app.clock.now();
    let session = app.principals.get(tokenHash);
    if (!session) {
      const ticket = app.principals.ticket();
      session = (await loadSessionPrincipal(app.db, tokenHash)) ?? undefined;
      if (!session) throw unauthorized();
      app.principals.set(tokenHash, session, ticket);
    }
    if (session.expiresAt <= now.getTime()) throw unauthorized('SESSION_EXPIRED', MSG.sessionExpired);
    request.principal = session.principal;
    if (!request.principal.emailConfirmed && !cfg.allowUnconfirmed) {
      throw new ApiError(403, 'UNCONFIRMED_ACCOUNT', MSG.unconfirmedAccount);
    }
    if (request.principal.isLeaved && !cfg.allowLeaved) {
      throw new ApiError(403, 'ACCOUNT_LEAVED', MSG.accountLeaved);
    }
    if (request.principal.isSuspended) throw new ApiError(403, 'BRAND_SUSPENDED', OPS_MSG.brandSuspended);
    assertAccess(request.principal, cfg.access, now);
  });
});

/** Refuses (403 with the console's message) a principal the rule does not let in: the hook's check, for handlers that need a second rule. */
export function assertAccess(principal: Principal, rule: AccessRule, now: Date): void {
  const denied = checkAccessAt(principal, rule, now);
  if (denied) throw new ApiError(403, denied, denied === 'FEATURE_DISABLED' ? MSG.featureBlocked : accessMessage(denied));
}

function accessMessage(code: string): string {
  switch (code) {
    case 'TRIAL_FINISHED':
      return MSG.trialFinished;
    case 'SUBSCRIPTION_REQUIRED':
      return MSG.noSubscription;
    case 'PLAN_UPGRADE_REQUIRED':
      return MSG.planUpgrade;
    // Why, as the console's toast says it (issue 22 A3): the main account's work, or not this kind of account's.
    case 'SUB_ACCOUNT_FORBIDDEN':
      return MSG.subAccountRefused;
    case 'FORBIDDEN_ROLE':
      return MSG.roleRefused;
    default:
      return MSG.accessDenied;
  }
}

/** The principal of a route that passed the auth hook. */
export function principalOf(request: { principal?: Readonly<Principal> }): Readonly<Principal> {
  if (!request.principal) throw unauthorized();
  return request.principal;
}
