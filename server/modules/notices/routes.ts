import type { FastifyPluginAsync } from 'fastify';
import type { AccessRule } from '../../../src/domain/access';
import { docs, obj, ok, str } from '../../http/docs';
import { listNotices } from './service';

/** Every signed-in admin reads the platform's notices (brands, sub-accounts, repairers, launderers), subscribed or not. */
export const NOTICE_READ: AccessRule = { adminTypes: ['b2b', 'repairer', 'launderer'], subscribed: false };
export const NOTICE_PATH = '/v1/common/notion';

const noticeDoc = obj('공지', {
  no: { type: 'integer', description: '번호' }, title: str('제목'), date: str('게시일 (YYYY-MM-DD, 서울)'),
  link: { type: ['string', 'null'], description: '자세히 보기 링크' },
});

/** The platform's notices for home's feed (issue 27 items 2 and 3; docs/api/home.md). POST with no payload, as spec 1 section 7 calls it. */
export const noticeRoutes: FastifyPluginAsync = async (app) => {
  app.post(NOTICE_PATH, {
    config: { access: NOTICE_READ },
    schema: docs({
      tags: ['home: notices'], summary: '공지 목록', description: '본문 없이 호출합니다. 최신순 최대 20건 (홈은 7건을 보여 줍니다). 플랫폼 공지라 모든 브랜드가 같은 목록을 받습니다.',
      response: { 200: ok('공지', obj('목록', { list: { type: 'array', items: noticeDoc }, total: { type: 'integer', description: '이 응답의 건수' } })) },
    }),
  }, async () => {
    const list = await listNotices(app.db);
    return { data: { list, total: list.length } };
  });
};
