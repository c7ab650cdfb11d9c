import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { couponResource } from '../../../src/domain/resources/coupon';
import { COUPON_MSG } from '../../../src/domain/coupon';
import type { FieldErrors } from '../../../src/domain/errors';
import { seoulToday } from '../../../src/domain/seoulDay';
import type { Db } from '../../db/client';
import { coupons, nftTemplates, stores } from '../../db/schema';
import { validationFailed } from '../../http/errors';
import { plainHandlers, type PlainListQuery } from '../../http/plainResource';
import type { ResourceHandlers, Row } from '../../http/resourceRoutes';
import { principalOf } from '../../plugins/auth';
import { mediaUrl } from '../../providers/storage';
import { isTenantImage } from '../templates/service';

/** The tenant's membership templates among `idxList`, by idx: their card names. */
async function membershipNames(db: Db, tenantIdx: number, idxList: number[]): Promise<Map<number, string>> {
  if (!idxList.length) return new Map();
  const rows = await db.select({ idx: nftTemplates.idx, name: nftTemplates.nftCardName }).from(nftTemplates)
    .where(and(eq(nftTemplates.tenantIdx, tenantIdx), eq(nftTemplates.templateType, 'MEMBERSHIP'), inArray(nftTemplates.idx, idxList)));
  return new Map(rows.map((r) => [r.idx, r.name]));
}

/** The checks against the database of a body the definition's schema and rules passed: the tenant's membership, stores and upload (the stored image is kept unchecked). */
async function checkReferences(db: Db, tenantIdx: number, body: Row, storedImage: unknown = null): Promise<void> {
  const errors: FieldErrors = {};
  const membershipIdx = body.membershipIdx as number;
  if (!(await membershipNames(db, tenantIdx, [membershipIdx])).has(membershipIdx)) errors.membershipIdx = COUPON_MSG.membershipInvalid;
  const wanted = [...new Set(body.storeIdxList as number[])];
  if (wanted.length) {
    const found = await db.select({ idx: stores.idx }).from(stores).where(and(eq(stores.tenantIdx, tenantIdx), inArray(stores.idx, wanted)));
    if (found.length !== wanted.length) errors.storeIdxList = COUPON_MSG.storesInvalid;
  }
  const image = body.image as string | null | undefined;
  if (image && image !== storedImage && !(await isTenantImage(db, tenantIdx, image))) errors.image = COUPON_MSG.imageInvalid;
  if (Object.keys(errors).length) throw validationFailed(errors);
}

/**
 * Coupons behind the generic resource routes (server/http/resourceRoutes.ts): the plain table's
 * list, search and writes, with the rules' `today` from the server's clock (Seoul), the membership,
 * stores and image checked against the tenant, and each record answered with its membership's
 * card name and its image as `{ path, url }`.
 */
export function couponHandlers(app: FastifyInstance): ResourceHandlers<PlainListQuery> {
  const plain = plainHandlers(app, couponResource, coupons);
  const tenantIdxOf = (request: FastifyRequest) => principalOf(request).tenantIdx;
  const decorate = async (request: FastifyRequest, rows: Row[]): Promise<Row[]> => {
    const names = await membershipNames(app.db, tenantIdxOf(request), [...new Set(rows.map((r) => r.membershipIdx as number))]);
    return rows.map((r) => ({
      ...r,
      membershipName: names.get(r.membershipIdx as number) ?? null,
      image: r.image ? { path: r.image, url: mediaUrl(r.image as string) } : null,
    }));
  };
  const one = async (request: FastifyRequest, row: Row | null) => (row ? (await decorate(request, [row]))[0] : null);
  return {
    ...plain,
    bodyContext: () => ({ today: seoulToday(app.clock.now()) }),
    list: async (request, query) => {
      const page = await plain.list(request, query);
      return { ...page, list: await decorate(request, page.list as Row[]) };
    },
    get: async (request, idx) => one(request, await plain.get(request, idx)),
    create: async (request, body) => {
      await checkReferences(app.db, tenantIdxOf(request), body);
      return (await one(request, await plain.create(request, body)))!;
    },
    update: async (request, idx, body) => {
      const stored = await plain.get(request, idx);
      if (!stored) return null;
      await checkReferences(app.db, tenantIdxOf(request), body, stored.image);
      return one(request, await plain.update(request, idx, body));
    },
  };
}
