import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { eq } from 'drizzle-orm';
import { AS_MSG, AS_PARTNER_MAIL, AS_RULES, AS_TYPES, asPartnerInviteSchema, type AsType } from '../../../src/domain/afterService';
import { partnerships } from '../../db/schema';
import { docs, errorEnvelope, obj, ok, str } from '../../http/docs';
import { idxParams } from '../../http/params';
import type { Checked } from '../../http/routeInput';
import { bodyFromYup } from '../../http/yupDocs';
import { principalOf } from '../../plugins/auth';
import { acceptInvitation, declineInvitation, invitePartner, listInvitations, listPartnerLinks, removePartnerLink, tenantNameSql } from './partners';

const TAG = ['after-service'];
const int = (description: string) => ({ type: 'integer', description });
const nullableStr = (description: string) => ({ type: ['string', 'null'], description });
const linkDoc = obj('파트너 연결', {
  idx: int('연결 idx'), partnerIdx: int('파트너 계정 idx'), companyName: str('파트너 회사명'), email: str('파트너 계정 이메일'),
  status: str('invited (초대 중) | active (연결됨)'), createdAt: str('초대 시각 ISO'), acceptedAt: nullableStr('수락 시각 ISO'),
});
const invitationDoc = obj('받은 초대', { idx: int('연결 idx'), brandName: str('브랜드 이름'), createdAt: str('초대 시각 ISO') });
const linkParams = idxParams(AS_MSG.invitationNotFound);
const refused = errorEnvelope('SUB_ACCOUNT_FORBIDDEN | FEATURE_DISABLED | FORBIDDEN_ROLE | SUBSCRIPTION_REQUIRED');

/** Tells the invited partner by mail; a failed send never undoes the invitation (the dashboard shows it anyway). */
async function mailInvitation(app: FastifyInstance, tenantIdx: number, type: AsType, to: string) {
  try {
    const [{ name }] = await app.db.select({ name: tenantNameSql(partnerships.idx) }).from(partnerships).where(eq(partnerships.idx, tenantIdx));
    const link = `${app.config.publicUrl}/b2b/dashboard`;
    await app.mail.send({ to, subject: AS_PARTNER_MAIL.subject(name, type), text: AS_PARTNER_MAIL.text(name, type, link) });
  } catch (err) {
    app.log.error({ err, tenantIdx }, 'partner invitation mail failed');
  }
}

/**
 * The brand's repair and laundry partners (docs/api/afterService.md): the brand's main account
 * lists, invites and removes links (AS_RULES.setting); the partner lists its invitations and
 * accepts or declines one (AS_RULES.partner). Each kind has its own paths, so each carries its own rule.
 */
export const asPartnerRoutes: FastifyPluginAsync = async (app) => {
  for (const type of AS_TYPES) {
    const base = `/v1/admin/${type}`;
    const setting = AS_RULES.setting(type);
    const partner = AS_RULES.partner(type);

    app.get(`${base}/partner`, {
      config: { access: setting },
      schema: docs({ tags: TAG, summary: `${type} 파트너 연결 목록`, description: '연결된 파트너가 먼저, 그다음 최근 초대 순.', response: { 200: ok('목록', obj('목록', { list: { type: 'array', items: linkDoc } })), 403: refused } }),
    }, async (request) => ({ data: { list: await listPartnerLinks(app.db, principalOf(request).tenantIdx, type) } }));

    app.post(`${base}/partner`, {
      config: { access: { ...setting, write: true }, input: { body: asPartnerInviteSchema } },
      schema: docs({
        tags: TAG, summary: `${type} 파트너 초대`,
        description: `이 이메일의 ${type === 'repair' ? '수선(repairer)' : '세탁(launderer)'} 대표 계정을 초대하고 메일로 알립니다. 파트너가 수락하면 새 요청이 그 파트너에게 갑니다.`,
        body: bodyFromYup(asPartnerInviteSchema, '초대', { email: '파트너 계정 이메일' }),
        response: {
          201: ok('초대됨', obj('초대', { idx: int('연결 idx') })),
          400: errorEnvelope(`VALIDATION_FAILED: errors.email (${AS_MSG.partnerNotFound} | ${AS_MSG.partnerWrongType('repair')})`),
          403: refused, 409: errorEnvelope(`CONFLICT: ${AS_MSG.partnerAlreadyLinked}`),
        },
      }),
    }, async (request, reply) => {
      const principal = principalOf(request);
      const { email } = request.body as Checked<typeof asPartnerInviteSchema>;
      const invited = await invitePartner(app.db, principal, type, email, app.clock.now());
      await mailInvitation(app, principal.tenantIdx, type, invited.partner.email);
      return reply.status(201).send({ data: { idx: invited.idx } });
    });

    app.delete(`${base}/partner/:idx`, {
      config: { access: { ...setting, write: true }, input: { params: linkParams } },
      schema: docs({
        tags: TAG, summary: `${type} 파트너 연결 삭제`, description: '초대 취소 또는 연결 해제. 이미 파트너에게 간 요청은 그 파트너에게 남습니다.',
        params: obj('경로', { idx: int('연결 idx') }), response: { 200: ok('삭제됨'), 403: refused, 404: errorEnvelope(`NOT_FOUND: ${AS_MSG.invitationNotFound}`) },
      }),
    }, async (request) => {
      const { idx } = request.params as Checked<typeof linkParams>;
      await removePartnerLink(app.db, principalOf(request).tenantIdx, type, idx);
      return { data: { idx } };
    });

    app.get(`${base}/invitation`, {
      config: { access: partner },
      schema: docs({ tags: TAG, summary: `${type} 파트너가 받은 초대`, description: '수락을 기다리는 초대, 최근 순.', response: { 200: ok('목록', obj('목록', { list: { type: 'array', items: invitationDoc } })), 403: refused } }),
    }, async (request) => ({ data: { list: await listInvitations(app.db, principalOf(request).tenantIdx, type) } }));

    app.patch(`${base}/partner/:idx/accept`, {
      config: { access: { ...partner, write: true }, input: { params: linkParams } },
      schema: docs({
        tags: TAG, summary: `${type} 파트너 초대 수락`,
        description: '이 브랜드의 이 종류 파트너가 됩니다. 브랜드에 이미 연결된 파트너가 있으면 이 연결이 그 연결을 대신합니다 (이전 연결은 삭제, 이미 간 요청은 이전 파트너에게 남음).',
        params: obj('경로', { idx: int('연결 idx') }),
        response: { 200: ok('수락됨', obj('연결', { idx: int('연결 idx'), status: str('active'), acceptedAt: str('수락 시각 ISO') })), 403: refused, 404: errorEnvelope(`NOT_FOUND: ${AS_MSG.invitationNotFound}`) },
      }),
    }, async (request) => {
      const { idx } = request.params as Checked<typeof linkParams>;
      return { data: await acceptInvitation(app.db, principalOf(request).tenantIdx, type, idx, app.clock.now()) };
    });

    app.patch(`${base}/partner/:idx/decline`, {
      config: { access: { ...partner, write: true }, input: { params: linkParams } },
      schema: docs({
        tags: TAG, summary: `${type} 파트너 초대 거절`,
        description: '받은 초대를 거절합니다. 초대는 삭제되어 브랜드의 파트너 목록에서 사라지고, 브랜드는 나중에 다시 초대할 수 있습니다. 수락을 기다리는 이 파트너의 이 종류 초대만 거절할 수 있습니다.',
        params: obj('경로', { idx: int('연결 idx') }),
        response: { 200: ok('거절됨', obj('거절한 초대', { idx: int('연결 idx') })), 403: refused, 404: errorEnvelope(`NOT_FOUND: ${AS_MSG.invitationNotFound}`) },
      }),
    }, async (request) => {
      const { idx } = request.params as Checked<typeof linkParams>;
      return { data: await declineInvitation(app.db, principalOf(request).tenantIdx, type, idx) };
    });
  }
};
