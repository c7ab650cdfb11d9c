import { fieldsDetail } from '../../audit/audit';
import type { FastifyPluginAsync } from 'fastify';
import { memberSchema, memberUpdateSchema } from '../../../src/domain/validation/account';
import { FIELD_MSG } from '../../../src/domain/messages';
import { digitsOnly } from '../../../src/domain/patterns';
import { conflict, isUniqueViolation, notFound } from '../../http/errors';
import { idxParams, pagingDocs, pagingQuery, type PageRule } from '../../http/params';
import type { Checked } from '../../http/routeInput';
import { docs, obj, str, ok, errorEnvelope } from '../../http/docs';
import { bodyFromYup } from '../../http/yupDocs';
import { principalOf } from '../../plugins/auth';
import { PARTNERSHIPS } from '../paths';
import { hashPassword } from '../accounts/passwords';
import { findAccountByEmail } from '../accounts/repository';
import { MEMBER_ACCESS } from './access';
import { createMember, deleteMember, getMember, listMembers, parseMemberSort, updateMember } from './service';

const TAG = ['accounts: members (sub-accounts)'];
const memberDoc = obj('하위 계정', {
  idx: { type: 'integer' }, parentIdx: { type: 'integer' }, email: str('이메일'), companyName: str('담당자명'), phoneNum: str('휴대폰'), createdAt: str('ISO'),
});
const idxParam = obj('경로', { idx: { type: 'integer', description: '하위 계정 idx' } });

const memberParams = idxParams();
type MemberIdx = Checked<typeof memberParams>;

/** The settings screen asks for as many sub-accounts as it shows: any page size up to 500. */
const MEMBER_PAGES: PageRule = { sizes: { max: 500 }, defaultSize: 25, sizeMessage: FIELD_MSG.pageSizeRange };

function memberListQuery(raw: unknown) {
  const query = (raw ?? {}) as { sort?: string };
  return { ...pagingQuery(MEMBER_PAGES)(raw), sort: parseMemberSort(query.sort) };
}

export const memberRoutes: FastifyPluginAsync = async (app) => {
  const base = `${PARTNERSHIPS}/members`;

  app.get(base, {
    config: { access: MEMBER_ACCESS.read, input: { query: memberListQuery } },
    schema: docs({
      tags: TAG, summary: '하위 계정 목록',
      querystring: obj('페이지와 정렬', {
        ...pagingDocs(MEMBER_PAGES),
        sort: str('idx | email | companyName | createdAt 뒤에 ,ASC 또는 ,DESC (기본 idx,DESC)'),
      }),
      response: { 200: ok('목록', obj('목록', { list: { type: 'array', items: memberDoc }, total: { type: 'integer' } })) },
    }),
  }, async (request) => {
    const { page, pageSize, sort } = request.query as Checked<typeof memberListQuery>;
    return { data: await listMembers(app.db, principalOf(request).tenantIdx, page, pageSize, sort) };
  });

  app.post(base, {
    config: { audit: { action: 'member.create', detail: fieldsDetail }, access: MEMBER_ACCESS.write, input: { body: memberSchema } },
    schema: docs({
      tags: TAG, summary: '하위 계정 추가', description: '메인 계정이 만들므로 이메일 인증 없이 바로 사용할 수 있습니다.',
      body: bodyFromYup(memberSchema, '하위 계정', { email: '이메일', password: '비밀번호', companyName: '담당자명', phoneNum: '휴대폰 (숫자만)' }),
      response: { 201: ok('추가됨', memberDoc), 409: errorEnvelope('DUPLICATE_EMAIL') },
    }),
  }, async (request, reply) => {
    const principal = principalOf(request);
    const form = request.body as Checked<typeof memberSchema>;
    const duplicate = () => conflict('DUPLICATE_EMAIL', 'email', FIELD_MSG.emailDuplicate);
    if (await findAccountByEmail(app.db, form.email)) throw duplicate();
    const passwordHash = await hashPassword(form.password);
    try {
      const member = await createMember(
        app.db,
        principal,
        { email: form.email, passwordHash, companyName: form.companyName, phoneNum: digitsOnly(form.phoneNum) },
        app.clock.now(),
      );
      return reply.status(201).send({ data: member });
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicate();
      throw err;
    }
  });

  app.get(`${base}/:idx`, {
    config: { access: MEMBER_ACCESS.read, input: { params: memberParams } },
    schema: docs({ tags: TAG, summary: '하위 계정 조회', params: idxParam, response: { 200: ok('하위 계정', memberDoc), 404: errorEnvelope('NOT_FOUND') } }),
  }, async (request) => {
    const member = await getMember(app.db, principalOf(request).tenantIdx, (request.params as MemberIdx).idx);
    if (!member) throw notFound();
    return { data: member };
  });

  app.patch(`${base}/:idx`, {
    config: { audit: { action: 'member.update', detail: fieldsDetail }, access: MEMBER_ACCESS.write, input: { params: memberParams, body: memberUpdateSchema } },
    schema: docs({
      tags: TAG, summary: '하위 계정 수정', params: idxParam,
      body: bodyFromYup(memberUpdateSchema, '수정', { companyName: '담당자명', phoneNum: '휴대폰 (숫자만)' }),
      response: { 200: ok('하위 계정', memberDoc), 404: errorEnvelope('NOT_FOUND') },
    }),
  }, async (request) => {
    const { idx } = request.params as MemberIdx;
    const form = request.body as Checked<typeof memberUpdateSchema>;
    const member = await updateMember(app.db, principalOf(request).tenantIdx, idx, { companyName: form.companyName, phoneNum: digitsOnly(form.phoneNum) }, app.clock.now());
    if (!member) throw notFound();
    return { data: member };
  });

  app.delete(`${base}/:idx`, {
    config: { audit: { action: 'member.delete' }, access: MEMBER_ACCESS.write, input: { params: memberParams } },
    schema: docs({
      tags: TAG, summary: '하위 계정 삭제', description: '그 계정의 세션도 즉시 끝납니다.', params: idxParam,
      response: { 200: ok('삭제됨', obj('삭제', { idx: { type: 'integer' } })), 404: errorEnvelope('NOT_FOUND') },
    }),
  }, async (request) => {
    const { idx } = request.params as MemberIdx;
    if (!(await deleteMember(app.db, principalOf(request).tenantIdx, idx))) throw notFound();
    app.principals.forgetAdmin(idx);
    return { data: { idx } };
  });
};
