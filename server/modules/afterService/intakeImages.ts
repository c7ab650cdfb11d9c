import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AS_INTAKE_MSG, AS_MSG, AS_PARTNER_ADMIN_TYPE, AS_RULES, AS_TYPES, type AsType } from '../../../src/domain/afterService';
import { checkAccessAt } from '../../../src/domain/access';
import { FIELD_MSG } from '../../../src/domain/messages';
import { asRequests, nfts, uploads } from '../../db/schema';
import { ApiError, notFound, validationFailed } from '../../http/errors';
import type { Principal } from '../../plugins/auth';
import { requestSignedUpload } from '../uploads/signed';
import type { ImageExt } from '../uploads/sniff';
import { scopeOf } from './scope';

/**
 * The A/S images (docs/api/afterService.md, Images): the signed upload of server/modules/uploads,
 * stored in the folder of the tenant that owns the request, so a request's images are always
 * uploads of its own tenant, whoever (brand or routed partner) sent them.
 */

const refuse = (code: ReturnType<typeof checkAccessAt>) => new ApiError(403, code!, AS_INTAKE_MSG.featureOff);

/** The tenant an intake photo (`nftIdx`) or a request's photo (`repairIdx`) is stored under, after the caller's checks. */
async function ownerTenant(app: FastifyInstance, principal: Principal, target: { nftIdx: number | null; repairIdx: number | null }): Promise<number> {
  const now = app.clock.now();
  if (target.nftIdx) {
    // The intake's photos: the brand only, on its own certificate.
    const denied = checkAccessAt(principal, AS_RULES.intake, now);
    if (denied) throw refuse(denied);
    const [nft] = await app.db.select({ idx: nfts.idx }).from(nfts)
      .where(and(eq(nfts.tenantIdx, principal.tenantIdx), eq(nfts.idx, target.nftIdx), isNull(nfts.deletedAt))).limit(1);
    if (!nft) throw validationFailed({ nftIdx: AS_MSG.guaranteeRequired });
    return principal.tenantIdx;
  }
  // A request's photo: a request in the caller's scope (the brand's own, or one routed to the partner).
  const types: AsType[] = principal.adminType === 'b2b' ? [...AS_TYPES] : AS_TYPES.filter((t) => AS_PARTNER_ADMIN_TYPE[t] === principal.adminType);
  for (const type of types) {
    if (principal.adminType === 'b2b' && checkAccessAt(principal, AS_RULES.brand(type), now)) continue;
    const [row] = await app.db.select({ tenantIdx: asRequests.tenantIdx }).from(asRequests)
      .where(and(scopeOf(principal, type).where, eq(asRequests.idx, target.repairIdx!))).limit(1);
    if (row) return row.tenantIdx;
  }
  throw notFound(AS_MSG.notFound);
}


/** POST /v1/admin/repair/image: the signed PUT address, the path to send, and its display URL. */
export async function requestAsImage(app: FastifyInstance, principal: Principal, ext: ImageExt, target: { nftIdx: number | null; repairIdx: number | null }) {
  const tenantIdx = await ownerTenant(app, principal, target);
  const signed = await requestSignedUpload(app, { tenantIdx, adminIdx: principal.adminIdx }, ext);
  return { ...signed, url: app.storage.url(signed.path) };
}

/**
 * POST /v1/admin/repair/image/confirm: the bytes arrived, the upload is ready. Only the account that
 * asked for the address confirms it (a partner's upload sits in the brand's folder, so the tenant
 * cannot be the caller's).
 */
export async function confirmAsImage(app: FastifyInstance, principal: Principal, path: string) {
  const tenantIdx = Number(path.slice(0, path.indexOf('/')));
  const [row] = await app.db.update(uploads).set({ status: 'ready' })
    .where(and(eq(uploads.tenantIdx, tenantIdx), eq(uploads.path, path), eq(uploads.createdBy, principal.adminIdx), isNotNull(uploads.size)))
    .returning({ path: uploads.path });
  if (!row) throw validationFailed({ path: FIELD_MSG.uploadPathInvalid });
  return { path, url: app.storage.url(path) };
}

/** DELETE /v1/admin/repair/image/{name}: the brand removes an upload of its tenant that no request uses. */
export async function deleteAsImage(app: FastifyInstance, principal: Principal, name: string) {
  const path = `${principal.tenantIdx}/${name}`;
  const json = JSON.stringify([path]);
  const [used] = await app.db.select({ idx: asRequests.idx }).from(asRequests)
    .where(and(eq(asRequests.tenantIdx, principal.tenantIdx), or(sql`${asRequests.images} @> ${json}::jsonb`, sql`${asRequests.completeImages} @> ${json}::jsonb`))).limit(1);
  if (used) throw new ApiError(409, 'CONFLICT', AS_INTAKE_MSG.imageInUse);
  const [row] = await app.db.delete(uploads).where(and(eq(uploads.tenantIdx, principal.tenantIdx), eq(uploads.path, path))).returning({ path: uploads.path });
  if (!row) throw notFound(FIELD_MSG.uploadPathInvalid);
  await app.storage.delete(path);
  return { path };
}
