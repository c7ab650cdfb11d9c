import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { checkAccess, type AccessContext, type AccessRule, type AdminType, type B2bType } from '../../src/domain/access';
import type { FeatureSetting, PlanGroup, SubscriptionInfo } from '../../src/domain/plans';
import { ApiError, unauthorized } from '../http/errors';
import { MSG } from '../../src/domain/messages';
import { featureSettings, partnerships, plans, sessions, subscriptions } from '../db/schema';
import type { Db } from '../db/client';

/** The signed-in partner behind a request. `tenantIdx` scopes every data access. */
export interface Principal extends AccessContext {
  kind: 'partner';
  adminIdx: number;
  tenantIdx: number;
  b2bType: B2bType | null;
  emailConfirmed: boolean;
  isLeaved: boolean;
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
  interface FastifyContextConfig {
    /** No session needed (sign-in, sign-up, health, public pages). */
    public?: boolean;
    /** Who may call the route; required on every non-public API route. */
    access?: AccessRule;
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

/** The tenant's current subscription (the newest one) with its plan: group for access, name and price for display. */
export async function loadSubscription(db: Db, tenantIdx: number): Promise<CurrentSubscription | null> {
  const [row] = await db
    .select({ sub: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.planId, subscriptions.planId))
    .where(eq(subscriptions.tenantIdx, tenantIdx))
    .orderBy(desc(subscriptions.startDate), desc(subscriptions.idx))
    .limit(1);
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
  const rows = await db.select().from(featureSettings).where(eq(featureSettings.tenantIdx, tenantIdx));
  return rows.map((r) => ({
    name: r.name as FeatureSetting['name'],
    option: r.option ?? null,
    endAt: r.endAt ? r.endAt.toISOString() : null,
  }));
}

async function isTenantLeaved(db: Db, tenantIdx: number): Promise<boolean> {
  const [main] = await db.select({ isLeaved: partnerships.isLeaved }).from(partnerships).where(eq(partnerships.idx, tenantIdx)).limit(1);
  return main?.isLeaved === 'Y';
}

/**
 * Authentication is enforced once, here: every /api route is private unless it says
 * `config.public`, and must declare `config.access`, which is checked with the same
 * `checkAccess` the console uses for its menu and routes.
 */
export default fp(async (app) => {
  app.addHook('onRoute', (route) => {
    const cfg = route.config as { public?: boolean; access?: AccessRule } | undefined;
    if (route.url.startsWith('/api') && !cfg?.public && !cfg?.access && route.method !== 'HEAD') {
      throw new Error(`Route ${route.method} ${route.url} must declare config.public or config.access`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const cfg = request.routeOptions.config;
    if (!request.url.startsWith('/api') || cfg.public || !cfg.access) return;
    const token = tokenFrom(request.headers);
    if (!token) throw unauthorized();
    const tokenHash = hashToken(token);
    const now = app.clock.now();
    const [row] = await app.db
      .select({ session: sessions, admin: partnerships })
      .from(sessions)
      .innerJoin(partnerships, eq(partnerships.idx, sessions.adminIdx))
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
      .limit(1);
    if (!row) throw unauthorized();
    if (row.session.expiresAt.getTime() <= now.getTime()) throw unauthorized('SESSION_EXPIRED', MSG.sessionExpired);
    const admin = row.admin;
    const tenantIdx = admin.parentIdx ?? admin.idx;
    const isSubAccount = tenantIdx !== admin.idx;
    const [settings, subscription, tenantLeaved] = await Promise.all([
      loadFeatureSettings(app.db, tenantIdx),
      loadSubscription(app.db, tenantIdx),
      isSubAccount ? isTenantLeaved(app.db, tenantIdx) : false,
    ]);
    request.principal = {
      kind: 'partner',
      adminIdx: admin.idx,
      tenantIdx,
      adminType: admin.adminType as AdminType,
      b2bType: (admin.b2bType as B2bType | null) ?? null,
      isSubAccount,
      emailConfirmed: admin.emailConfirmedAt !== null,
      // A sub-account goes with its main account: when the brand withdraws, its staff are out too.
      isLeaved: admin.isLeaved === 'Y' || tenantLeaved,
      settings,
      subscription,
      tokenHash,
    };
    if (!request.principal.emailConfirmed && !cfg.allowUnconfirmed) {
      throw new ApiError(403, 'UNCONFIRMED_ACCOUNT', MSG.unconfirmedAccount);
    }
    if (request.principal.isLeaved && !cfg.allowLeaved) {
      throw new ApiError(403, 'ACCOUNT_LEAVED', MSG.accountLeaved);
    }
    const denied = checkAccess(request.principal, cfg.access, now);
    if (denied) throw new ApiError(403, denied, denied === 'FEATURE_DISABLED' ? MSG.featureBlocked : accessMessage(denied));
  });
});

function accessMessage(code: string): string {
  switch (code) {
    case 'TRIAL_FINISHED':
      return MSG.trialFinished;
    case 'SUBSCRIPTION_REQUIRED':
      return MSG.noSubscription;
    case 'PLAN_UPGRADE_REQUIRED':
      return MSG.planUpgrade;
    default:
      return MSG.accessDenied;
  }
}

/** The principal of a route that passed the auth hook. */
export function principalOf(request: { principal?: Principal }): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}
