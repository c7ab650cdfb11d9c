import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { examResource } from '../../../src/domain/resources/exam';
import { EXAM_MSG } from '../../../src/domain/exam';
import type { FieldErrors } from '../../../src/domain/errors';
import { seoulToday } from '../../../src/domain/seoulDay';
import type { Db } from '../../db/client';
import { exams, nfts } from '../../db/schema';
import { validationFailed } from '../../http/errors';
import { plainHandlers, type PlainListQuery } from '../../http/plainResource';
import type { ResourceHandlers, Row } from '../../http/resourceRoutes';
import { principalOf } from '../../plugins/auth';
import { mediaUrl } from '../../providers/storage';
import { isTenantImage } from '../templates/service';

/**
 * The checks against the database of a body the definition's schema and rules passed: the
 * certificate is one of the tenant's guarantees, each new photo one of its uploads (the stored ones are kept unchecked).
 */
async function checkReferences(db: Db, tenantIdx: number, body: Row, storedPhotos: unknown = []): Promise<void> {
  const errors: FieldErrors = {};
  const nftIdx = body.nftIdx as number | null | undefined;
  if (nftIdx) {
    const [nft] = await db.select({ idx: nfts.idx }).from(nfts)
      .where(and(eq(nfts.tenantIdx, tenantIdx), eq(nfts.idx, nftIdx), eq(nfts.nftType, 'GUARANTEE'))).limit(1);
    if (!nft) errors.nftIdx = EXAM_MSG.certificateInvalid;
  }
  const kept = new Set(storedPhotos as string[]);
  const added = [...new Set(body.photos as string[])].filter((path) => !kept.has(path));
  for (const path of added) {
    if (!(await isTenantImage(db, tenantIdx, path))) errors.photos = EXAM_MSG.photosInvalid;
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
}

/** A record with its photos as `[{ path, url }]`. */
const withPhotoUrls = (row: Row): Row => ({ ...row, photos: (row.photos as string[]).map((path) => ({ path, url: mediaUrl(path) })) });

/**
 * Inspections behind the generic resource routes (server/http/resourceRoutes.ts): the plain table's
 * list, search and writes, with the rules' `today` from the server's clock (Seoul), the certificate
 * and photos checked against the tenant, and the photos answered as `[{ path, url }]`.
 */
export function examHandlers(app: FastifyInstance): ResourceHandlers<PlainListQuery> {
  const plain = plainHandlers(app, examResource, exams);
  const tenantIdxOf = (request: FastifyRequest) => principalOf(request).tenantIdx;
  const one = (row: Row | null) => (row ? withPhotoUrls(row) : null);
  return {
    ...plain,
    bodyContext: () => ({ today: seoulToday(app.clock.now()) }),
    list: async (request, query) => {
      const page = await plain.list(request, query);
      return { ...page, list: (page.list as Row[]).map(withPhotoUrls) };
    },
    get: async (request, idx) => one(await plain.get(request, idx)),
    create: async (request, body) => {
      await checkReferences(app.db, tenantIdxOf(request), body);
      return withPhotoUrls(await plain.create(request, body));
    },
    update: async (request, idx, body) => {
      const stored = await plain.get(request, idx);
      if (!stored) return null;
      await checkReferences(app.db, tenantIdxOf(request), body, stored.photos);
      return one(await plain.update(request, idx, body));
    },
  };
}
