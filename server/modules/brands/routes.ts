import type { FastifyPluginAsync } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { brands } from '../../db/schema';
import { docs, obj, str, ok } from '../../http/docs';
import { principalOf } from '../../plugins/auth';
import { BRANDS } from '../paths';
import { storeResource } from '../../../src/domain/resources/store';

/** The tenant's brands, for the brand pickers (a cooperator chooses one per product). */
export const brandRoutes: FastifyPluginAsync = async (app) => {
  app.get(`${BRANDS}/list`, {
    config: { access: storeResource.access.read },
    schema: docs({
      tags: ['stores and brands'], summary: '브랜드 목록',
      response: { 200: ok('목록', obj('목록', { list: { type: 'array', items: obj('브랜드', { idx: { type: 'integer' }, name: str('브랜드명'), englishName: { type: ['string', 'null'], description: '영문명' } }) } })) },
    }),
  }, async (request) => {
    const list = await app.db.select({ idx: brands.idx, name: brands.name, englishName: brands.englishName }).from(brands)
      .where(eq(brands.tenantIdx, principalOf(request).tenantIdx)).orderBy(asc(brands.idx));
    return { data: { list } };
  });
};
