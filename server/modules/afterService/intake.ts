import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AS_INTAKE_MSG, AS_MSG, AS_NOTICE_TEMPLATE, AS_STATUS_LABELS, type AsRequestInput, type AsType } from '../../../src/domain/afterService';
import type { FieldErrors } from '../../../src/domain/errors';
import { normalizePhone } from '../../../src/domain/guarantee';
import type { Db } from '../../db/client';
import { asPartnerLinks, asRequestEvents, asRequests, brands, nfts, repairCategoryOptions, uploads } from '../../db/schema';
import { ApiError, notFound, validationFailed } from '../../http/errors';
import type { Principal } from '../../plugins/auth';
import { scopeOf } from './scope';

/**
 * The admin A/S intake (docs/api/afterService.md, Requests): a brand takes a repair or laundry
 * request on one of its certificates. The certificate's number, product and customer are copied,
 * the request is routed to the brand's active partner of the kind, and the orderer is told by
 * 알림톡, all in one transaction.
 */

type Actor = Pick<Principal, 'adminIdx' | 'tenantIdx' | 'adminType'>;

/** The columns the intake answers and PATCH returns (the detail with events is the history's). */
export const requestColumns = {
  idx: asRequests.idx, type: asRequests.type, status: asRequests.status, nftIdx: asRequests.nftIdx, nftNumber: asRequests.nftNumber,
  productName: asRequests.productName, customerName: asRequests.customerName, categoryIdx: asRequests.categoryIdx, optionIdx: asRequests.optionIdx,
  requestMessage: asRequests.requestMessage, receiverName: asRequests.receiverName, receiverPhone: asRequests.receiverPhone,
  receiverZipCode: asRequests.receiverZipCode, receiverAddress1: asRequests.receiverAddress1, receiverAddress2: asRequests.receiverAddress2,
  images: asRequests.images, partnerIdx: asRequests.partnerIdx, createdAt: asRequests.createdAt, updatedAt: asRequests.updatedAt,
};

/**
 * Everything the request copies or checks, read in a fixed number of queries: the tenant's
 * certificate (not deleted), the chosen option's category, and the images (ready uploads of the
 * tenant). The option is required when the brand has any category with options (for repair: the
 * categories are repair categories); `options` is that option's idx.
 */
async function resolve(db: Db, tenantIdx: number, input: AsRequestInput) {
  const errors: FieldErrors = {};
  const images = [...new Set(input.images)];
  const [certificate, option, optionCount, readyImages] = await Promise.all([
    db.select({
      nftNumber: nfts.nftNumber, productName: nfts.productName, customerIdx: nfts.customerIdx, ordererName: nfts.ordererName,
      ordererTel: nfts.ordererTel, ordererCountryCode: nfts.ordererCountryCode, brandName: brands.name,
    }).from(nfts)
      .leftJoin(brands, and(eq(brands.tenantIdx, nfts.tenantIdx), eq(brands.idx, nfts.brandIdx)))
      .where(and(eq(nfts.tenantIdx, tenantIdx), eq(nfts.idx, input.nftIdx), isNull(nfts.deletedAt), eq(nfts.nftType, 'GUARANTEE'))).limit(1),
    input.options
      ? db.select({ categoryIdx: repairCategoryOptions.categoryIdx }).from(repairCategoryOptions)
        .where(and(eq(repairCategoryOptions.tenantIdx, tenantIdx), eq(repairCategoryOptions.idx, input.options))).limit(1)
      : Promise.resolve([]),
    input.options || input.repairType !== 'repair'
      ? Promise.resolve(0)
      : db.select({ n: sql<number>`count(*)::int` }).from(repairCategoryOptions).where(eq(repairCategoryOptions.tenantIdx, tenantIdx)).then((r) => Number(r[0].n)),
    images.length
      ? db.select({ path: uploads.path }).from(uploads).where(and(eq(uploads.tenantIdx, tenantIdx), inArray(uploads.path, images), eq(uploads.status, 'ready')))
      : Promise.resolve([]),
  ]);
  if (!certificate[0]) errors.nftIdx = AS_MSG.guaranteeRequired;
  if (input.options && !option[0]) errors.options = AS_INTAKE_MSG.optionNotFound;
  if (!input.options && optionCount > 0) errors.options = AS_MSG.categoryRequired;
  if (readyImages.length !== images.length) errors.images = AS_MSG.imageInvalid;
  if (Object.keys(errors).length) throw validationFailed(errors);
  return { certificate: certificate[0], categoryIdx: option[0]?.categoryIdx ?? null, images };
}

const copied = (input: AsRequestInput, r: Awaited<ReturnType<typeof resolve>>) => ({
  nftIdx: input.nftIdx, nftNumber: r.certificate.nftNumber, productName: r.certificate.productName,
  customerIdx: r.certificate.customerIdx, customerName: r.certificate.ordererName,
  categoryIdx: r.categoryIdx, optionIdx: input.options ?? null, requestMessage: input.requestMessage,
  // One stored form of a phone, the customers' (national digits); the screens hyphenate it (asPhoneText).
  receiverName: input.receiverName, receiverPhone: normalizePhone(input.receiverPhone), receiverZipCode: input.receiverZipCode,
  receiverAddress1: input.receiverAddress1, receiverAddress2: input.receiverAddress2 ?? '', images: r.images,
});

const eventOf = (actor: Actor, requestIdx: number, action: string, now: Date, detail: Record<string, unknown> = {}) => ({
  tenantIdx: actor.tenantIdx, requestIdx, action, fromStatus: action === 'create' ? null : 'request', toStatus: 'request',
  actorIdx: actor.adminIdx, actorType: actor.adminType, detail, createdAt: now,
});

/** The request with this idempotency key, if a submit with it already went through. */
async function byKey(db: Db, tenantIdx: number, key: string) {
  const [row] = await db.select({ idx: asRequests.idx }).from(asRequests)
    .where(and(eq(asRequests.tenantIdx, tenantIdx), eq(asRequests.idempotencyKey, key))).limit(1);
  return row;
}

/**
 * POST /v1/admin/repair. With an idempotency key, a retried (or concurrent) submit answers the
 * first request's idx with `created: false` and creates, routes and messages nothing more.
 */
export async function createRequest(app: FastifyInstance, actor: Actor, input: AsRequestInput, key: string | null): Promise<{ idx: number; created: boolean }> {
  const tenantIdx = actor.tenantIdx;
  if (key) {
    const done = await byKey(app.db, tenantIdx, key);
    if (done) return { idx: done.idx, created: false };
  }
  const resolved = await resolve(app.db, tenantIdx, input);
  const type = input.repairType as AsType;
  const now = app.clock.now();
  const inserted = await app.db.transaction(async (tx) => {
    const [link] = await tx.select({ partnerIdx: asPartnerLinks.partnerIdx }).from(asPartnerLinks)
      .where(and(eq(asPartnerLinks.tenantIdx, tenantIdx), eq(asPartnerLinks.type, type), eq(asPartnerLinks.status, 'active'))).limit(1);
    const [row] = await tx.insert(asRequests).values({
      tenantIdx, type, status: 'request', partnerIdx: link?.partnerIdx ?? null, ...copied(input, resolved),
      idempotencyKey: key, createdBy: actor.adminIdx, createdAt: now, updatedAt: now,
    }).onConflictDoNothing().returning({ idx: asRequests.idx });
    if (!row) return null;
    await tx.insert(asRequestEvents).values(eventOf(actor, row.idx, 'create', now, { partnerIdx: link?.partnerIdx ?? null }));
    const c = resolved.certificate;
    await app.messaging.queue([{
      tenantIdx, channel: 'ALIMTALK', templateCode: AS_NOTICE_TEMPLATE.request, countryCode: c.ordererCountryCode, phone: c.ordererTel,
      variables: { brandName: c.brandName ?? '', productName: c.productName, statusLabel: AS_STATUS_LABELS.request },
      refType: 'as_request', refIdx: row.idx,
    }], tx);
    return row;
  });
  // Only a concurrent submit with the same key can make the insert do nothing.
  if (!inserted) return { idx: (await byKey(app.db, tenantIdx, key!)).idx, created: false };
  return { idx: inserted.idx, created: true };
}

/** PATCH /v1/admin/repair/{id}: the brand rewrites its request while it is still received (request). */
export async function updateRequest(app: FastifyInstance, principal: Principal, idx: number, input: AsRequestInput) {
  const scope = scopeOf(principal, input.repairType as AsType);
  const [current] = await app.db.select({ status: asRequests.status }).from(asRequests).where(and(scope.where, eq(asRequests.idx, idx))).limit(1);
  if (!current) throw notFound(AS_MSG.notFound);
  if (current.status !== 'request') throw illegal(current.status);
  const resolved = await resolve(app.db, principal.tenantIdx, input);
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const [row] = await tx.update(asRequests).set({ ...copied(input, resolved), updatedAt: now })
      .where(and(scope.where, eq(asRequests.idx, idx), eq(asRequests.status, 'request'))).returning(requestColumns);
    if (!row) {
      // Moved on between the read and the write: the conditional update changed nothing.
      const [moved] = await tx.select({ status: asRequests.status }).from(asRequests).where(and(scope.where, eq(asRequests.idx, idx)));
      throw illegal(moved.status);
    }
    await tx.insert(asRequestEvents).values(eventOf(principal, idx, 'update', now));
    return row;
  });
}

const illegal = (status: typeof asRequests.$inferSelect.status) =>
  new ApiError(409, 'ILLEGAL_TRANSITION', AS_MSG.illegalTransition(status));
