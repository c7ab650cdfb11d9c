import { fieldsDetail } from '../../audit/audit';
import type { FastifyPluginAsync } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { serviceTermsContacts } from '../../db/schema';
import { SERVICE_TERMS_ROLES, serviceTermsSchema, type ServiceTermsRole } from '../../../src/domain/validation/account';
import { digitsOnly } from '../../../src/domain/patterns';
import type { Checked } from '../../http/routeInput';
import { docs, obj, str, ok } from '../../http/docs';
import { bodyFromYup } from '../../http/yupDocs';
import { principalOf } from '../../plugins/auth';
import { PARTNERSHIPS } from '../paths';
import { ACCOUNT_ACCESS } from '../accounts/access';

type Contact = { email: string; phone: string; position: string; name: string };
const EMPTY: Contact = { email: '', phone: '', position: '', name: '' };

const TAG = ['accounts: service terms'];
const contactDoc = obj('담당자', { email: str('이메일'), phone: str('전화번호 (숫자만)'), position: str('직책'), name: str('이름') });
const termsDoc = obj('역할별 담당자', Object.fromEntries(SERVICE_TERMS_ROLES.map((r) => [r, contactDoc])));

async function loadServiceTerms(db: Db, tenantIdx: number): Promise<Record<ServiceTermsRole, Contact>> {
  const rows = await db.select().from(serviceTermsContacts).where(eq(serviceTermsContacts.tenantIdx, tenantIdx));
  const byRole = new Map(rows.map((r) => [r.role, r]));
  return Object.fromEntries(
    SERVICE_TERMS_ROLES.map((role) => {
      const r = byRole.get(role);
      return [role, r ? { email: r.email, phone: r.phone, position: r.position, name: r.name } : EMPTY];
    }),
  ) as Record<ServiceTermsRole, Contact>;
}

/** Contacts the brand's terms of service name (settlement, report, A/S, privacy officer and team). */
export const serviceTermsRoutes: FastifyPluginAsync = async (app) => {
  app.get(`${PARTNERSHIPS}/service-terms`, {
    config: { access: ACCOUNT_ACCESS.brandMain },
    schema: docs({ tags: TAG, summary: '서비스 약관 담당자 조회', response: { 200: ok('담당자', termsDoc) } }),
  }, async (request) => ({ data: await loadServiceTerms(app.db, principalOf(request).tenantIdx) }));

  app.put(`${PARTNERSHIPS}/service-terms`, {
    config: { audit: { action: 'settings.serviceTerms', detail: fieldsDetail }, access: ACCOUNT_ACCESS.brandMainWrite, input: { body: serviceTermsSchema } },
    schema: docs({
      tags: TAG, summary: '서비스 약관 담당자 저장',
      description: '정산·신고·A/S는 이메일 필수, 개인정보 보호책임자는 이름·직책·이메일·전화 필수, 개인정보 담당 부서는 이메일·전화 필수. 오류 키는 privacyOfficer.name 처럼 점으로 구분합니다.',
      body: bodyFromYup(serviceTermsSchema, '역할별 담당자'), response: { 200: ok('저장된 담당자', termsDoc) },
    }),
  }, async (request) => {
    const { tenantIdx } = principalOf(request);
    const form = request.body as Checked<typeof serviceTermsSchema>;
    await app.db.transaction(async (tx) => {
      for (const role of SERVICE_TERMS_ROLES) {
        const c = form[role];
        const values = { email: c.email, phone: digitsOnly(c.phone ?? ''), position: c.position ?? '', name: c.name ?? '' };
        await tx
          .insert(serviceTermsContacts)
          .values({ tenantIdx, role, ...values })
          .onConflictDoUpdate({ target: [serviceTermsContacts.tenantIdx, serviceTermsContacts.role], set: values });
      }
    });
    return { data: await loadServiceTerms(app.db, tenantIdx) };
  });
};
