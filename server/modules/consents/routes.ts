import type { FastifyPluginAsync } from 'fastify';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { consentRecords } from '../../db/schema';
import { consentsSchema } from '../../../src/domain/validation/account';
import type { Checked } from '../../http/routeInput';
import { docs, obj, str, ok } from '../../http/docs';
import { bodyFromYup } from '../../http/yupDocs';
import { principalOf, type Principal } from '../../plugins/auth';
import { PARTNERSHIPS } from '../paths';
import { ACCOUNT_ACCESS } from '../accounts/access';

const TAG = ['accounts: consents'];
const listDoc = ok('서비스별 최신 동의', obj('목록', {
  list: { type: 'array', items: obj('동의', { service: str('SERVICE_USAGE | PERSONAL_INFORMATION | PROMOTION | MARKETING'), isAgreed: str('Y | N'), createdAt: str('ISO') }) },
}));

/** The newest answer per service of this admin (history is kept; the newest is the current one). */
async function currentConsents(db: Db, p: Principal) {
  const rows = await db
    .selectDistinctOn([consentRecords.service], {
      service: consentRecords.service,
      isAgreed: consentRecords.isAgreed,
      createdAt: consentRecords.createdAt,
    })
    .from(consentRecords)
    .where(and(eq(consentRecords.tenantIdx, p.tenantIdx), eq(consentRecords.adminIdx, p.adminIdx)))
    .orderBy(asc(consentRecords.service), desc(consentRecords.idx));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export const consentRoutes: FastifyPluginAsync = async (app) => {
  app.get(`${PARTNERSHIPS}/consents`, {
    config: { access: ACCOUNT_ACCESS.self },
    schema: docs({ tags: TAG, summary: '약관·마케팅 동의 조회', response: { 200: listDoc } }),
  }, async (request) => {
    const list = await currentConsents(app.db, principalOf(request));
    return { data: { list, total: list.length } };
  });

  app.post(`${PARTNERSHIPS}/consents`, {
    // Sent right after sign-up with the sign-up token, before the e-mail is confirmed.
    config: { access: ACCOUNT_ACCESS.selfWrite, allowUnconfirmed: true, input: { body: consentsSchema } },
    schema: docs({
      tags: TAG, summary: '동의 저장', description: '이메일 인증 전(가입 직후)에도 호출할 수 있습니다.',
      body: bodyFromYup(consentsSchema, '동의 목록', { consents: '서비스별 동의 (isAgreed: Y | N)' }),
      response: { 200: listDoc },
    }),
  }, async (request) => {
    const principal = principalOf(request);
    const { consents } = request.body as Checked<typeof consentsSchema>;
    const now = app.clock.now();
    await app.db.insert(consentRecords).values(
      consents.map((c) => ({ tenantIdx: principal.tenantIdx, adminIdx: principal.adminIdx, service: c.service, isAgreed: c.isAgreed, createdAt: now })),
    );
    const list = await currentConsents(app.db, principal);
    return { data: { list, total: list.length } };
  });
};
