import type { FastifyPluginAsync } from 'fastify';
import { AS_INTAKE_MSG, AS_MSG, AS_RULES, asImageRequestSchema, asRequestSchema, type AsRequestInput } from '../../../src/domain/afterService';
import type { AccessRule } from '../../../src/domain/access';
import { checkAccessAt } from '../../../src/domain/access';
import { FIELD_MSG } from '../../../src/domain/messages';
import { ApiError, notFound, validationFailed } from '../../http/errors';
import { docs, errorEnvelope, obj, ok, str } from '../../http/docs';
import { idxParams } from '../../http/params';
import type { Checked } from '../../http/routeInput';
import { bodyFromYup } from '../../http/yupDocs';
import { principalOf } from '../../plugins/auth';
import { normalizeExt } from '../uploads/sniff';
import { uploadConfirmSchema } from '../uploads/input';
import { idempotencyBatchKey, idempotencyKeyInput } from '../guarantees/input';
import { claimIdempotencyKey } from '../../http/idempotency';
import { createRequest, updateRequest } from './intake';
import { confirmAsImage, deleteAsImage, requestAsImage } from './intakeImages';

const TAG = ['afterService'];
const REPAIR = '/v1/admin/repair';
/** A/S photos: the brand (intake, its requests) and the partners (their routed requests); each target is checked in the handler. */
const IMAGE_ACCESS: AccessRule = { adminTypes: ['b2b', 'repairer', 'launderer'], write: true };
const requestParams = idxParams(AS_MSG.notFound);
/** The file name of an upload of the caller's tenant (`<tenantIdx>/<name>` without the tenant). */
const NAME = /^[A-Za-z0-9_-]{22,64}\.(jpg|png|gif|webp)$/;
const imageNameParams = (raw: unknown) => {
  const name = (raw as { name?: unknown } | null)?.name;
  if (typeof name !== 'string' || !NAME.test(name)) throw notFound(FIELD_MSG.uploadPathInvalid);
  return { name };
};

const int = (description: string) => ({ type: 'integer', description });
const requestDoc = bodyFromYup(asRequestSchema, 'A/S 접수 (asRequestSchema)', {
  repairType: 'repair (기본) | laundry', nftIdx: '보증서 idx (이 브랜드의 것)', requestMessage: '요청 내용 (1,000자까지)',
  receiverPhone: '숫자, 괄호, 하이픈 (숫자만 저장: 01012345678)', images: 'POST repair/image로 올려 확정한 path (6개까지)',
  options: '수선 카테고리 옵션 idx: 옵션이 있는 카테고리가 하나라도 있으면 수선(repair) 접수에 필수',
});
const rowDoc = obj('A/S 요청', {
  idx: int('idx'), type: str('repair | laundry'), status: str('request'), nftIdx: int('보증서'), nftNumber: str('보증서 번호'), productName: str('상품명'),
  customerName: str('고객명 (보증서의 주문자)'), categoryIdx: { type: ['integer', 'null'] }, optionIdx: { type: ['integer', 'null'] },
  images: { type: 'array', items: { type: 'string' } }, partnerIdx: { type: ['integer', 'null'], description: '배정된 파트너' },
});
const refusals = {
  400: errorEnvelope('VALIDATION_FAILED: errors가 필드를 가리킴 (nftIdx: 이 브랜드의 보증서가 아님, options, images: 확정된 이 테넌트의 업로드가 아님)'),
  403: errorEnvelope('FEATURE_DISABLED: laundry 접수인데 세탁을 쓰지 않음'),
};

/** The admin A/S intake and its photos (docs/api/afterService.md, Requests and Images). */
export const asIntakeRoutes: FastifyPluginAsync = async (app) => {
  /** A laundry request also needs the laundry feature (the route's rule is the repair intake's). */
  const admitType = (request: Parameters<typeof principalOf>[0], input: AsRequestInput) => {
    const principal = principalOf(request);
    const denied = input.repairType === 'laundry' ? checkAccessAt(principal, AS_RULES.brand('laundry'), app.clock.now()) : null;
    if (denied) throw new ApiError(403, denied, AS_INTAKE_MSG.featureOff);
    return principal;
  };

  app.post(REPAIR, {
    config: { access: AS_RULES.intake, input: { headers: idempotencyKeyInput, body: asRequestSchema } },
    schema: docs({
      tags: TAG, summary: 'A/S 접수 (관리자)',
      description: '보증서의 번호, 상품명, 고객을 복사하고 이 종류의 활성 파트너에게 배정합니다 (없으면 브랜드가 처리). 상태 request, 이벤트 create 한 건, 주문자에게 알림톡 AS_RECEIVED. 헤더 Idempotency-Key를 보내면 같은 키의 재요청은 새로 만들지 않고 처음 요청의 idx를 200으로 돌려줍니다.',
      body: requestDoc,
      response: { 201: ok('접수됨', obj('결과', { idx: int('A/S 요청 idx') })), 200: ok('같은 Idempotency-Key의 처음 결과'), 422: errorEnvelope('IDEMPOTENCY_KEY_REUSED: 같은 키, 다른 요청 본문'), ...refusals },
    }),
  }, async (request, reply) => {
    const input = request.body as AsRequestInput;
    const principal = admitType(request, input);
    const key = idempotencyBatchKey(request.headers);
    if (key) await claimIdempotencyKey(app.db, { tenantIdx: principal.tenantIdx, scope: 'as.intake', key }, request.body);
    const { idx, created } = await createRequest(app, principal, input, key);
    return reply.status(created ? 201 : 200).send({ data: { idx } });
  });

  app.patch(`${REPAIR}/:idx`, {
    config: { access: AS_RULES.intake, input: { params: requestParams, body: asRequestSchema } },
    schema: docs({
      tags: TAG, summary: 'A/S 접수 수정', description: '브랜드만, 상태가 request인 동안. 본문은 접수와 같고 repairType은 요청의 종류를 가리킵니다 (바꾸지 않음). 그 밖의 상태는 409 ILLEGAL_TRANSITION.',
      params: obj('경로', { idx: int('A/S 요청 idx') }), body: requestDoc,
      response: { 200: ok('요청', rowDoc), ...refusals, 404: errorEnvelope('NOT_FOUND'), 409: errorEnvelope('ILLEGAL_TRANSITION') },
    }),
  }, async (request) => {
    const input = request.body as AsRequestInput;
    const principal = admitType(request, input);
    return { data: await updateRequest(app, principal, (request.params as { idx: number }).idx, input) };
  });

  app.post(`${REPAIR}/image`, {
    config: { access: IMAGE_ACCESS, input: { body: asImageRequestSchema } },
    schema: docs({
      tags: TAG, summary: 'A/S 사진 업로드 주소',
      description: '{nftIdx, ext}: 접수 사진 (브랜드, 이 브랜드의 보증서). {repairIdx, ext, status}: 요청의 사진 (완료 사진 등; 브랜드의 요청 또는 파트너에게 배정된 요청). 서명된 업로드(/v1/common/file과 같은 방식): uploadUrl로 바이트를 PUT하고 POST repair/image/confirm으로 확정합니다. 파일은 요청의 브랜드 폴더에 저장됩니다.',
      body: bodyFromYup(asImageRequestSchema, '대상', { ext: 'jpg | jpeg | png | gif | webp', nftIdx: '접수할 보증서', repairIdx: 'A/S 요청', status: '사진의 단계 (예: complete)' }),
      response: {
        200: ok('업로드 주소', obj('주소', { path: str('저장 경로 (images에 보냄)'), url: str('표시 URL'), uploadUrl: str('PUT 주소'), expiresAt: str('ISO') })),
        400: errorEnvelope('VALIDATION_FAILED: errors.ext, errors.nftIdx'), 403: errorEnvelope('FEATURE_DISABLED'), 404: errorEnvelope('NOT_FOUND: 범위 밖의 요청'),
      },
    }),
  }, async (request) => {
    const body = request.body as Checked<typeof asImageRequestSchema>;
    const ext = normalizeExt(body.ext);
    if (!ext) throw validationFailed({ ext: FIELD_MSG.uploadExtInvalid });
    return { data: await requestAsImage(app, principalOf(request), ext, { nftIdx: body.nftIdx ?? null, repairIdx: body.repairIdx ?? null }) };
  });

  app.post(`${REPAIR}/image/confirm`, {
    config: { access: IMAGE_ACCESS, input: { body: uploadConfirmSchema } },
    schema: docs({
      tags: TAG, summary: 'A/S 사진 업로드 확정', description: '주소를 요청한 계정만, 바이트가 도착한 업로드를 확정합니다.',
      body: bodyFromYup(uploadConfirmSchema, '확정', { path: 'repair/image가 준 path' }),
      response: { 200: ok('확정됨', obj('업로드', { path: str('저장 경로'), url: str('표시 URL') })), 400: errorEnvelope('VALIDATION_FAILED: errors.path') },
    }),
  }, async (request) => ({ data: await confirmAsImage(app, principalOf(request), (request.body as Checked<typeof uploadConfirmSchema>).path) }));

  app.delete(`${REPAIR}/image/:name`, {
    config: { access: AS_RULES.intake, input: { params: imageNameParams } },
    schema: docs({
      tags: TAG, summary: 'A/S 접수 사진 삭제', description: '이 테넌트의 업로드 중 어느 요청에도 쓰이지 않은 것 (path에서 테넌트 폴더를 뺀 파일 이름). 쓰인 사진은 409 CONFLICT.',
      params: obj('경로', { name: str('파일 이름 (path의 / 뒤)') }),
      response: { 200: ok('삭제됨', obj('삭제', { path: str('저장 경로') })), 404: errorEnvelope('NOT_FOUND'), 409: errorEnvelope('CONFLICT') },
    }),
  }, async (request) => ({ data: await deleteAsImage(app, principalOf(request), (request.params as { name: string }).name) }));
};
