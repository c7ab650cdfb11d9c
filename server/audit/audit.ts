import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { auditLog } from '../db/schema';
import type { Db } from '../db/client';

/**
 * The audit log (issue 27, docs/roles.md "The audit log"): one row per audited request, written by
 * one hook from the route's `config.audit` flag, never by copy-paste in handlers.
 *
 * - A brand's action (a partner route with `config.audit`) is written when its answer is ready
 *   (`onSend`, awaited, so the row exists when the client has the answer): `ok` for a 2xx, `refused`
 *   for a refusal the spec makes (403, 409, 422: not allowed, a state that refuses, a reused key).
 *   Malformed input (400), unknown rows (404) and unsigned calls are not actions and are not logged.
 * - An operator's request (every operator route declares `config.audit`) is written BEFORE its
 *   handler runs (`preHandler`, after its input is checked): no brand record is read without its
 *   row, and a failed write fails the request. A refused operator call (403) is written at `onSend`.
 *
 * What a row holds: who (kind, idx, e-mail), when, the action, its target (the path's idx), the
 * outcome and refusal code, from where (the client IP under TRUST_PROXY), and `detail`: the route's
 * own `detail(request)` (counts, ids, the fields changed and their new non-personal values) merged
 * with what the handler noted (`noteAudit`: before and after). Never passwords, tokens or personal
 * data beyond what the action needs.
 */
export interface AuditSpec {
  /** `area.verb`, e.g. `guarantee.cancel` (labels in src/domain/audit.ts). */
  action: string;
  /** The status of a retry answered with the first result (an Idempotency-Key or batchKey replay): already logged, so not again. */
  replayStatus?: number;
  /** What to keep of the checked input (no personal data). */
  detail?: (request: FastifyRequest) => Record<string, unknown> | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Write an audit row for this route (server/audit/audit.ts). */
    audit?: AuditSpec;
  }
  interface FastifyRequest {
    /** Before/after noted by the handler for the audit row. */
    auditNote?: Record<string, unknown>;
    /** Set once the operator's row is written before the handler. */
    auditWritten?: boolean;
  }
}

/** Adds before/after (or any fact the hook cannot see) to this request's audit row. */
export function noteAudit(request: FastifyRequest, note: Record<string, unknown>): void {
  request.auditNote = { ...request.auditNote, ...note };
}

export interface AuditEntry {
  tenantIdx: number;
  at: Date;
  actorKind: 'partner' | 'operator';
  actorIdx: number;
  actorEmail: string;
  action: string;
  target: string | null;
  outcome: 'ok' | 'refused';
  code: string | null;
  ip: string;
  method: string;
  path: string;
  detail: Record<string, unknown> | null;
}

export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}

const REFUSALS = new Set([403, 409, 422]);

function targetOf(request: FastifyRequest): string | null {
  const params = (request.params ?? {}) as Record<string, unknown>;
  for (const key of ['idx', 'id', 'customerIdx']) if (params[key] !== undefined) return String(params[key]);
  return null;
}

function tenantOfOperatorRequest(request: FastifyRequest): number {
  const raw = (request.params as Record<string, unknown> | undefined)?.tenantIdx;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : 0;
}

function detailOf(spec: AuditSpec, request: FastifyRequest, extra?: Record<string, unknown>): Record<string, unknown> | null {
  let own: Record<string, unknown> | undefined;
  try {
    own = spec.detail?.(request);
  } catch {
    own = undefined;
  }
  const merged = { ...own, ...request.auditNote, ...extra };
  return Object.keys(merged).length ? merged : null;
}

function errorCodeOf(payload: unknown): string | null {
  if (typeof payload !== 'string') return null;
  try {
    const code = (JSON.parse(payload) as { code?: unknown }).code;
    return typeof code === 'string' ? code.slice(0, 64) : null;
  } catch {
    return null;
  }
}

/** The hooks of the audit log, installed once with the auth hook (server/plugins/auth.ts). */
export function installAudit(app: FastifyInstance): void {
  // An operator route's row is written when its handler starts (after its input is checked), before it reads anything.
  app.addHook('onRoute', (route) => {
    const spec = (route.config as { audit?: AuditSpec; operatorAccess?: { write?: boolean } } | undefined);
    if (!spec?.operatorAccess) return;
    // Every operator read of a brand's records (a path naming the brand) and every operator write is logged.
    if (!spec.audit && (route.url.includes(':tenantIdx') || spec.operatorAccess.write)) {
      throw new Error(`Operator route ${route.method} ${route.url} must declare config.audit`);
    }
    if (!spec.audit) return;
    // An operator's write is logged with its outcome when its answer is ready, as a brand's action is.
    if (spec.operatorAccess.write) return;
    const audit: AuditSpec = spec.audit;
    const handler = route.handler;
    route.handler = async function auditedHandler(this: FastifyInstance, request, reply) {
      const operator = request.operator;
      if (operator) {
        await writeAudit(app.db, {
          tenantIdx: tenantOfOperatorRequest(request), at: app.clock.now(), actorKind: 'operator', actorIdx: operator.operatorIdx,
          actorEmail: operator.email, action: audit.action, target: targetOf(request), outcome: 'ok', code: null, ip: request.ip,
          method: request.method, path: route.url, detail: detailOf(audit, request),
        });
        request.auditWritten = true;
      }
      return handler.call(this, request, reply);
    };
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    const spec = request.routeOptions.config.audit;
    if (!spec || request.auditWritten) return payload;
    const status = reply.statusCode;
    if (spec.replayStatus === status) return payload;
    const ok = status >= 200 && status < 300;
    if (!ok && !REFUSALS.has(status)) return payload;
    const partner = request.principal;
    const operator = request.operator;
    const actor = partner
      ? { tenantIdx: partner.tenantIdx, actorKind: 'partner' as const, actorIdx: partner.adminIdx, actorEmail: partner.email }
      : operator
        ? { tenantIdx: tenantOfOperatorRequest(request), actorKind: 'operator' as const, actorIdx: operator.operatorIdx, actorEmail: operator.email }
        : null;
    if (!actor) return payload;
    try {
      await writeAudit(app.db, {
        ...actor, at: app.clock.now(), action: spec.action, target: targetOf(request), outcome: ok ? 'ok' : 'refused',
        code: ok ? null : errorCodeOf(payload), ip: request.ip, method: request.method,
        path: request.routeOptions.url ?? request.url.split('?')[0], detail: detailOf(spec, request),
      });
    } catch (err) {
      request.log.error({ err, action: spec.action }, 'audit write failed');
    }
    return payload;
  });
}

/** The ids a bulk request names, for its detail: how many and which (no personal data). */
export const idsDetail = (key: string) => (request: FastifyRequest) => {
  const list = (request.body as Record<string, unknown> | undefined)?.[key];
  return Array.isArray(list) ? { count: list.length, ids: list.slice(0, 1000) } : undefined;
};

/** The names of the fields a settings change sent (their values may be personal): what changed. */
export const fieldsDetail = (request: FastifyRequest) => {
  const body = request.body as Record<string, unknown> | undefined;
  return body && typeof body === 'object' && !Array.isArray(body) ? { fields: Object.keys(body).sort() } : undefined;
};

/** The sent values themselves, for settings with nothing personal in them (amounts, switches). */
export const valuesDetail = (request: FastifyRequest) => {
  const body = request.body as Record<string, unknown> | undefined;
  return body && typeof body === 'object' && !Array.isArray(body) ? { after: body } : undefined;
};

/** A spreadsheet chunk: how many rows it sent and its batch key. */
export const rowsDetail = (request: FastifyRequest) => {
  const body = request.body as { rows?: unknown; batchKey?: unknown } | undefined;
  return Array.isArray(body?.rows) ? { rows: body.rows.length, batchKey: typeof body.batchKey === 'string' ? body.batchKey : null } : undefined;
};
