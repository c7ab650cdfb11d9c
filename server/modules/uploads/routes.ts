import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { and, eq, isNotNull } from 'drizzle-orm';
import { FIELD_MSG } from '../../../src/domain/messages';
import { IMAGE_UPLOAD_MAX_BYTES } from '../../../src/domain/product';
import type { AccessRule } from '../../../src/domain/access';
import { uploads } from '../../db/schema';
import { notFound, validationFailed } from '../../http/errors';
import { docs, obj, str, ok, errorEnvelope, binaryBody, multipartBody } from '../../http/docs';
import { closeUnreadBody } from '../../http/bodyLimits';
import { perIp } from '../../http/rateLimit';
import type { Checked } from '../../http/routeInput';
import { bodyFromYup } from '../../http/yupDocs';
import { principalOf } from '../../plugins/auth';
import { STORAGE_KEY } from '../../providers/storage';
import { COMMON_FILE, FILE_UPLOAD } from '../paths';
import { CONTENT_TYPES, normalizeExt, type ImageExt } from './sniff';
import { uploadConfirmSchema, uploadRequestSchema } from './input';
import { imageError, imageTooLarge } from './errors';
import { receiveImage } from './receive';
import { readImage } from './stream';
import { SIGNED_UPLOAD_TTL_MS, requestSignedUpload, signedAddressHolds, uploadRefused } from './signed';
import { idxJson } from '../../../src/domain/integers';
import { BAD_UPLOAD_ADDRESSES_PER_IP, FILE_READS_PER_IP_PER_MINUTE, OVER_LIMIT_WAIT_MS, SIGNED_UPLOAD_PATH, SIGNED_UPLOADS_PER_IP_PER_MINUTE } from './limits';

/** Any subscribed b2b account (sub-accounts included) uploads product and guarantee images. */
export const UPLOAD_ACCESS = { write: { write: true } } as const satisfies Record<string, AccessRule>;

const TAG = ['uploads'];

const uploadedDoc = obj('업로드', { path: str('저장 경로 <tenantIdx>/<무작위>.<확장자>: 상품의 productImage로 보냄'), url: str('표시 URL (/api/media/files/...)') });

/** Uploads inside the main base: the multipart upload and the request/confirm steps of the signed upload. */
export const uploadRoutes: FastifyPluginAsync = async (app) => {
  await app.register(import('@fastify/multipart'), { limits: { files: 1, fileSize: IMAGE_UPLOAD_MAX_BYTES, fields: 10, parts: 11 } });

  app.post(FILE_UPLOAD, {
    config: { access: UPLOAD_ACCESS.write },
    onError: closeUnreadBody,
    schema: docs({
      tags: TAG, summary: '이미지 업로드 (multipart)',
      description: 'multipart/form-data의 file 필드 하나, 10MB(10,485,760바이트)까지. 이름이 아니라 내용(매직 바이트)으로 jpg/png/gif/webp만 받습니다; 그 밖에는 400 errors.file "이미지 업로드 중 오류가 발생했습니다.", 10MB를 넘으면 413 PAYLOAD_TOO_LARGE (같은 문구, 아무것도 저장하지 않음).',
      ...multipartBody('이미지 파일'),
      response: { 200: ok('업로드됨', obj('업로드', { path: str('저장 경로'), url: str('표시 URL'), signedUrl: str('url과 같음: 추측할 수 없는 이름이 곧 읽기 권한') })), 400: errorEnvelope('VALIDATION_FAILED: errors.file'), 413: errorEnvelope('PAYLOAD_TOO_LARGE: errors.file') },
    }),
  }, async (request) => {
    const { path, url } = await receiveImage(app, request, 'upload refused');
    return { data: { path, url, signedUrl: url } };
  });

  app.post(COMMON_FILE, {
    config: { access: UPLOAD_ACCESS.write, input: { body: uploadRequestSchema } },
    schema: docs({
      tags: TAG, summary: '서명된 업로드 요청',
      description: `확장자를 받아 ${SIGNED_UPLOAD_TTL_MS / 60000}분 동안 쓸 수 있는 서명된 PUT 주소를 줍니다. 그 주소로 바이트를 PUT한 뒤 /v1/common/file/upload로 확정합니다. nftIdx는 받기만 합니다 (보증서 이미지용, 이후 이슈).`,
      body: bodyFromYup(uploadRequestSchema, '요청', { ext: 'jpg | jpeg | png | gif | webp', nftIdx: '선택' }),
      response: { 200: ok('업로드 주소', obj('주소', { uploadUrl: str('PUT 주소 (서명과 만료 포함)'), path: str('저장 경로'), expiresAt: str('ISO') })), 400: errorEnvelope('VALIDATION_FAILED: errors.ext') },
    }),
  }, async (request) => {
    const principal = principalOf(request);
    // The input step admitted only extensions that normalize.
    const ext = normalizeExt((request.body as Checked<typeof uploadRequestSchema>).ext)!;
    return { data: await requestSignedUpload(app, principal, ext) };
  });

  app.post(`${COMMON_FILE}/upload`, {
    config: { access: UPLOAD_ACCESS.write, input: { body: uploadConfirmSchema } },
    schema: docs({
      tags: TAG, summary: '서명된 업로드 확정', description: '바이트가 도착한 이 테넌트의 업로드만 확정됩니다.',
      body: bodyFromYup(uploadConfirmSchema, '확정', { path: '요청 때 받은 path' }),
      response: { 200: ok('확정됨', uploadedDoc), 400: errorEnvelope('VALIDATION_FAILED: errors.path') },
    }),
  }, async (request) => {
    const principal = principalOf(request);
    const { path } = request.body as Checked<typeof uploadConfirmSchema>;
    const [row] = await app.db.update(uploads).set({ status: 'ready' })
      .where(and(eq(uploads.tenantIdx, principal.tenantIdx), eq(uploads.path, path), isNotNull(uploads.size)))
      .returning({ path: uploads.path });
    if (!row) throw validationFailed({ path: FIELD_MSG.uploadPathInvalid });
    return { data: { path, url: app.storage.url(path) } };
  });
};

const keyParams = obj('경로', { tenantIdx: idxJson('테넌트'), name: str('무작위 파일명') });

type KeyParams = { tenantIdx: string; name: string };

/**
 * The signed PUT's address and declared length, checked before a byte of its body is read: a
 * refusal answers at once, closing the connection so the client stops sending. Runs at preParsing,
 * after the per-IP rate limit (onRequest). The gate (gate.ts) has already answered bad addresses
 * arriving over HTTP; this check holds for every other way in (inject).
 */
function refuseUnsigned(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    const { tenantIdx, name } = request.params as KeyParams;
    const { expires, signature } = request.query as { expires?: unknown; signature?: unknown };
    if (!signedAddressHolds(app.config.uploadSecret, app.clock.now(), { tenantIdx, name, expires, signature })) throw uploadRefused();
    if (Number(request.headers['content-length']) > IMAGE_UPLOAD_MAX_BYTES) throw imageTooLarge();
  };
}

/**
 * The media base: serving files, and the public PUT of a signed upload. Reading is public by an
 * unguessable key (24 random bytes): product images appear on customer-facing guarantees, and the
 * key in the URL is the capability. Files never change under a key, so they are cached for a year.
 */
export const mediaRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  // Bodies here are bytes, read by the PUT as they arrive (readImage): no parser reads or buffers
  // them, and none of the JSON guards ever sees them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.get('/files/:tenantIdx/:name', {
    config: { public: true, rateLimit: perIp(FILE_READS_PER_IP_PER_MINUTE) },
    schema: docs({
      tags: TAG, summary: '업로드한 파일', isPublic: true, params: keyParams,
      description: `추측할 수 없는 이름으로 공개 읽기. Content-Type은 업로드 때 확인한 내용의 형식, Cache-Control immutable (1년). IP마다 분당 ${FILE_READS_PER_IP_PER_MINUTE}회 (넘으면 429).`,
      response: { 200: { type: 'string', format: 'binary', description: '이미지 바이트' }, 404: errorEnvelope('NOT_FOUND'), 429: errorEnvelope('TOO_MANY_REQUESTS') },
    }),
  }, async (request, reply) => {
    const { tenantIdx, name } = request.params as KeyParams;
    const key = `${tenantIdx}/${name}`;
    if (!STORAGE_KEY.test(key)) throw notFound();
    const data = await app.storage.get(key);
    if (!data) throw notFound();
    const ext = key.slice(key.lastIndexOf('.') + 1) as ImageExt;
    return reply
      .type(CONTENT_TYPES[ext])
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(data);
  });

  app.put(SIGNED_UPLOAD_PATH, {
    bodyLimit: IMAGE_UPLOAD_MAX_BYTES,
    config: { public: true, rateLimit: perIp(SIGNED_UPLOADS_PER_IP_PER_MINUTE) },
    preParsing: refuseUnsigned(app),
    onError: closeUnreadBody,
    schema: docs({
      tags: TAG, summary: '서명된 업로드 (바이트 PUT)', isPublic: true, params: keyParams,
      description: `요청 단계에서 받은 주소 그대로 (expires, signature 포함). 서명이 틀리거나 만료되면 본문을 읽기 전에 403 INVALID_TOKEN (연결을 닫음). 내용이 요청한 형식의 이미지가 아니면 400 errors.file, 10MB(10,485,760바이트)를 넘으면 413 PAYLOAD_TOO_LARGE이고 아무것도 저장하지 않습니다. IP마다 분당 ${SIGNED_UPLOADS_PER_IP_PER_MINUTE}회, 틀린 주소는 10분에 ${BAD_UPLOAD_ADDRESSES_PER_IP}회까지 (넘으면 429: 답하기 전 최대 ${OVER_LIMIT_WAIT_MS / 1000}초 기다림).`,
      querystring: obj('서명', { expires: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: '만료 (Unix 초)' }, signature: str('HMAC-SHA256') }),
      ...binaryBody('이미지 바이트 (Content-Type은 보지 않음: 내용으로 확인)'),
      response: {
        200: ok('받음', obj('받음', { path: str('저장 경로') })), 400: errorEnvelope('VALIDATION_FAILED: errors.file'), 403: errorEnvelope('INVALID_TOKEN'),
        413: errorEnvelope('PAYLOAD_TOO_LARGE: errors.file'), 429: errorEnvelope('TOO_MANY_REQUESTS'),
      },
    }),
  }, async (request) => {
    const { tenantIdx, name } = request.params as KeyParams;
    const key = `${tenantIdx}/${name}`;
    const ofKey = and(eq(uploads.tenantIdx, Number(tenantIdx)), eq(uploads.path, key));
    const [row] = await app.db.select({ status: uploads.status }).from(uploads).where(ofKey).limit(1);
    if (!row || row.status !== 'pending') throw uploadRefused();
    // The body is still unread: readImage takes it from the socket as it arrives.
    const image = await readImage(request.raw, IMAGE_UPLOAD_MAX_BYTES);
    if (image.ext !== key.slice(key.lastIndexOf('.') + 1)) throw imageError();
    await app.storage.put(key, image.body);
    await app.db.update(uploads).set({ contentType: CONTENT_TYPES[image.ext], size: image.size() }).where(ofKey);
    return { data: { path: key } };
  });
};
