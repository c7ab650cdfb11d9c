import { noteAudit, valuesDetail } from '../../audit/audit';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { brands, partnerships } from '../../db/schema';
import { brandSchema, profileSchema, withdrawSchema } from '../../../src/domain/validation/account';
import { FIELD_MSG } from '../../../src/domain/messages';
import { digitsOnly } from '../../../src/domain/patterns';
import { notFound, validationFailed } from '../../http/errors';
import type { Checked } from '../../http/routeInput';
import { perAccount } from '../../http/rateLimit';
import { docs, obj, str, ok } from '../../http/docs';
import { bodyFromYup } from '../../http/yupDocs';
import { principalOf } from '../../plugins/auth';
import { PARTNERSHIPS } from '../paths';
import { ACCOUNT_ACCESS } from './access';
import { loadBrand, loadIdentity } from './identity';
import { findAccount } from './repository';
import { verifyPassword } from './passwords';

const TAG = ['accounts: identity and profile'];
const identityDoc = ok('현재 관리자 (Partnership: src/domain/identity.ts)', obj('Partnership'));
const brandDoc = ok('브랜드', obj('브랜드', { idx: { type: 'integer' }, name: str('브랜드명') }));

async function identityOf(app: FastifyInstance, request: FastifyRequest) {
  const identity = await loadIdentity(app.db, principalOf(request).adminIdx, app.clock.now());
  if (!identity) throw notFound();
  return { data: identity };
}

/** The signed-in admin's own account: identity, profile, brand and leaving. */
export const profileRoutes: FastifyPluginAsync = async (app) => {
  app.get(PARTNERSHIPS, {
    // Withdrawn accounts still read themselves, so the console can send them to /signedout.
    config: { access: ACCOUNT_ACCESS.self, allowLeaved: true },
    schema: docs({ tags: TAG, summary: '현재 관리자 정보', response: { 200: identityDoc } }),
  }, (request) => identityOf(app, request));

  app.patch(PARTNERSHIPS, {
    config: { access: ACCOUNT_ACCESS.selfWrite, input: { body: profileSchema } },
    schema: docs({
      tags: TAG, summary: '프로필 수정',
      body: bodyFromYup(profileSchema, '프로필', { companyName: '회사명 / 담당자명', phoneNum: '휴대폰 번호 (숫자만)' }),
      response: { 200: identityDoc },
    }),
  }, async (request) => {
    const form = request.body as Checked<typeof profileSchema>;
    const now = app.clock.now();
    await app.db
      .update(partnerships)
      .set({ companyName: form.companyName, phoneNum: digitsOnly(form.phoneNum), updatedAt: now })
      .where(eq(partnerships.idx, principalOf(request).adminIdx));
    return identityOf(app, request);
  });

  app.get(`${PARTNERSHIPS}/brand`, {
    config: { access: ACCOUNT_ACCESS.brandMain },
    schema: docs({ tags: TAG, summary: '브랜드 조회', response: { 200: brandDoc } }),
  }, async (request) => {
    const brand = await loadBrand(app.db, principalOf(request).tenantIdx);
    if (!brand) throw notFound();
    return { data: brand };
  });

  app.patch(`${PARTNERSHIPS}/brand`, {
    config: { audit: { action: 'settings.brand', detail: valuesDetail }, access: ACCOUNT_ACCESS.brandMainWrite, input: { body: brandSchema } },
    schema: docs({ tags: TAG, summary: '브랜드명 수정', body: bodyFromYup(brandSchema, '브랜드', { name: '브랜드명' }), response: { 200: brandDoc } }),
  }, async (request) => {
    const { tenantIdx } = principalOf(request);
    const { name } = request.body as Checked<typeof brandSchema>;
    const brand = await loadBrand(app.db, tenantIdx);
    noteAudit(request, { before: { name: brand?.name ?? null } });
    const [row] = brand
      ? await app.db.update(brands).set({ name }).where(and(eq(brands.tenantIdx, tenantIdx), eq(brands.idx, brand.idx)))
          .returning({ idx: brands.idx, name: brands.name })
      : await app.db.insert(brands).values({ tenantIdx, name, createdAt: app.clock.now() }).returning({ idx: brands.idx, name: brands.name });
    return { data: row };
  });

  app.post(`${PARTNERSHIPS}/withdraw`, {
    config: { access: ACCOUNT_ACCESS.mainAccountWrite, rateLimit: perAccount(10, FIELD_MSG.tooManyAttempts), input: { body: withdrawSchema } },
    schema: docs({
      tags: TAG, summary: '회원 탈퇴',
      description: '세션은 유지되어 탈퇴 취소를 할 수 있고, 그 밖의 요청은 403 ACCOUNT_LEAVED가 됩니다. 하위 계정도 함께 막힙니다.',
      body: bodyFromYup(withdrawSchema, '탈퇴', { password: '비밀번호', reason: '탈퇴 사유' }),
      response: { 200: identityDoc },
    }),
  }, async (request) => {
    const { adminIdx } = principalOf(request);
    const form = request.body as Checked<typeof withdrawSchema>;
    const account = await findAccount(app.db, adminIdx);
    if (!account || !(await verifyPassword(account.passwordHash, form.password))) {
      throw validationFailed({ password: FIELD_MSG.passwordWrong });
    }
    const now = app.clock.now();
    await app.db
      .update(partnerships)
      .set({ isLeaved: 'Y', leavedAt: now, leaveReason: form.reason, updatedAt: now })
      .where(eq(partnerships.idx, adminIdx));
    // Its sub-accounts are out with it (the tenant is the main account).
    app.principals.forgetTenant(adminIdx);
    return identityOf(app, request);
  });

  app.post(`${PARTNERSHIPS}/withdraw/cancel`, {
    config: { access: ACCOUNT_ACCESS.mainAccountWrite, allowLeaved: true },
    schema: docs({ tags: TAG, summary: '탈퇴 취소', response: { 200: identityDoc } }),
  }, async (request) => {
    await app.db
      .update(partnerships)
      .set({ isLeaved: 'N', leavedAt: null, leaveReason: null, updatedAt: app.clock.now() })
      .where(eq(partnerships.idx, principalOf(request).adminIdx));
    app.principals.forgetTenant(principalOf(request).adminIdx);
    return identityOf(app, request);
  });
};
