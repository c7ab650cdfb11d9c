import type { FastifyInstance } from 'fastify';
import { processAutoTopUps, release, reserve, settle } from './ledger';

/**
 * The debit API messages use (issue 12 item 5): reserve an amount before sending, then settle the
 * actual cost or release it. Bound to an app's database, card provider and clock; the API tests
 * drive it as the test client. It has no HTTP route: only the server spends credit.
 */
export function creditDebits(app: Pick<FastifyInstance, 'db' | 'chargeCard' | 'clock'>) {
  return {
    reserve: (tenantIdx: number, amount: number, opts: { idempotencyKey?: string; memo?: string } = {}) =>
      reserve(app.db, app.chargeCard, { tenantIdx, amount, ...opts }, app.clock.now()),
    settle: (tenantIdx: number, reservationIdx: number, actual: number) => settle(app.db, tenantIdx, reservationIdx, actual, app.clock.now()),
    release: (tenantIdx: number, reservationIdx: number) => release(app.db, tenantIdx, reservationIdx, app.clock.now()),
    /** Retries a tenant's pending auto top-up (left by a crash between the debit and its processing). */
    processAutoTopUps: (tenantIdx: number) => processAutoTopUps(app.db, app.chargeCard, tenantIdx, app.clock.now()),
  };
}
export type CreditDebits = ReturnType<typeof creditDebits>;
