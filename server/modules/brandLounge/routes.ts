import { fieldsDetail } from '../../audit/audit';
import type { FastifyPluginAsync } from 'fastify';
import { LOUNGE_IMAGE_SIZE, LOUNGE_LOGO_SIZE, LOUNGE_RULE, LOUNGE_WRITE_RULE, loungeSettingSchema } from '../../../src/domain/brandLounge';
import { IMAGE_UPLOAD_MAX_BYTES } from '../../../src/domain/product';
import { docs, errorEnvelope, multipartBody, obj, ok, str } from '../../http/docs';
import type { Checked } from '../../http/routeInput';
import { bodyFromYup } from '../../http/yupDocs';
import { principalOf } from '../../plugins/auth';
import { receiveImage } from '../uploads/receive';
import { loungeRecord, saveLounge } from './service';
import { closeUnreadBody } from '../../http/bodyLimits';

const TAG = ['lounge'];
const nullable = (description: string) => ({ type: ['string', 'null'], description });
const idxList = (description: string) => ({ type: 'array', description, items: { type: 'integer' } });

const loungeDoc = obj('브랜드 라운지 설정', {
  title: str('라운지 이름'), subtitle: str('한 줄 소개'), description: str('소개'), notice: str('안내 문구'), themeColor: str('#RRGGBB'),
  logo: nullable(`로고 저장 경로 (${LOUNGE_LOGO_SIZE})`), logoUrl: nullable('로고 URL'), image: nullable(`라운지 이미지 저장 경로 (${LOUNGE_IMAGE_SIZE})`), imageUrl: nullable('라운지 이미지 URL'),
  membershipIdxList: idxList('노출할 멤버십 (순서대로)'), couponIdxList: idxList('노출할 쿠폰 (순서대로)'), showStamp: str('Y | N (스탬프 카드 노출)'),
  saved: { type: 'boolean', description: '저장한 적 있음 (없으면 기본값)' }, updatedAt: nullable('ISO'),
});
const refusals = {
  400: errorEnvelope('VALIDATION_FAILED: errors가 필드를 가리킴'),
  403: errorEnvelope('SUB_ACCOUNT_FORBIDDEN | FEATURE_DISABLED | FORBIDDEN_ROLE | SUBSCRIPTION_REQUIRED'),
};

/**
 * The brand lounge settings (issue 11 item 7; docs/api/brandLounge.md): GET/PUT /v1/admin/lounge and
 * the image upload POST /v1/admin/lounge/image (the uploads machinery: content sniffed, stored by
 * the storage provider under an unguessable key, recorded as the tenant's ready upload). The main
 * account's only, under the MEMBERSHIP feature, STANDARD blocked (src/domain/brandLounge.ts).
 */
export const brandLoungeRoutes: FastifyPluginAsync = async (app) => {
  await app.register(import('@fastify/multipart'), { limits: { files: 1, fileSize: IMAGE_UPLOAD_MAX_BYTES, fields: 5, parts: 6 } });

  app.get('/v1/admin/lounge', {
    config: { access: LOUNGE_RULE },
    schema: docs({ tags: TAG, summary: '브랜드 라운지 설정 조회', description: '저장 전에는 브랜드 이름을 제목으로 한 기본값 (saved false).', response: { 200: ok('설정', loungeDoc), 403: refusals[403] } }),
  }, async (request) => ({ data: await loungeRecord(app.db, principalOf(request).tenantIdx) }));

  app.put('/v1/admin/lounge', {
    config: { audit: { action: 'settings.lounge', detail: fieldsDetail }, access: LOUNGE_WRITE_RULE, input: { body: loungeSettingSchema } },
    schema: docs({
      tags: TAG, summary: '브랜드 라운지 설정 저장', description: '본문 전체. 이미지는 /v1/admin/lounge/image로 올린 이 테넌트의 경로, 멤버십과 쿠폰은 이 테넌트의 것만.',
      body: bodyFromYup(loungeSettingSchema, '설정', {
        title: '라운지 이름 (필수, 30자)', subtitle: '한 줄 소개 (60자)', description: '소개 (500자)', notice: '안내 문구 (200자)', themeColor: '#RRGGBB',
        logo: `로고 경로 (${LOUNGE_LOGO_SIZE} 권장) 또는 null`, image: `라운지 이미지 경로 (${LOUNGE_IMAGE_SIZE} 권장) 또는 null`,
        membershipIdxList: '노출할 멤버십 템플릿 idx (20개까지, 중복 없이)', couponIdxList: '노출할 쿠폰 idx (50개까지, 중복 없이)', showStamp: 'Y | N',
      }),
      response: { 200: ok('저장됨', loungeDoc), ...refusals },
    }),
  }, async (request) => ({ data: await saveLounge(app.db, principalOf(request).tenantIdx, request.body as Checked<typeof loungeSettingSchema>, app.clock.now()) }));

  app.post('/v1/admin/lounge/image', {
    config: { access: LOUNGE_WRITE_RULE },
    onError: closeUnreadBody,
    schema: docs({
      tags: TAG, summary: '라운지 로고/이미지 업로드 (multipart)',
      description: `multipart/form-data의 file 필드 하나, 10MB까지 (넘으면 413 PAYLOAD_TOO_LARGE, 아무것도 저장하지 않음), jpg/png/gif/webp (내용으로 확인). 로고 ${LOUNGE_LOGO_SIZE}, 라운지 이미지 ${LOUNGE_IMAGE_SIZE} 권장. 받은 path를 PUT /v1/admin/lounge의 logo 또는 image로 보냅니다.`,
      ...multipartBody('이미지 파일'),
      response: { 200: ok('업로드됨', obj('업로드', { path: str('저장 경로'), url: str('표시 URL') })), 413: errorEnvelope('PAYLOAD_TOO_LARGE: errors.file'), ...refusals },
    }),
  }, async (request) => ({ data: await receiveImage(app, request, 'lounge image refused') }));
};
