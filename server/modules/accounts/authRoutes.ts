import type { FastifyPluginAsync } from 'fastify';
import { eq } from 'drizzle-orm';
import { partnerships } from '../../db/schema';
import {
  changePasswordSchema, newPasswordSchema, passwordResetRequestSchema, signInSchema,
} from '../../../src/domain/validation/account';
import { FIELD_MSG, MSG } from '../../../src/domain/messages';
import { digitsOnly } from '../../../src/domain/patterns';
import { ApiError, tooManyRequests, validationFailed } from '../../http/errors';
import type { Checked } from '../../http/routeInput';
import { perAccount, perIp, perIpAndEmail } from '../../http/rateLimit';
import { failureLimiter } from '../../http/failureLimiter';
import { docs, obj, str, bool, ok, errorEnvelope } from '../../http/docs';
import { bodyFromYup } from '../../http/yupDocs';
import { principalOf } from '../../plugins/auth';
import { PARTNERSHIPS } from '../paths';
import { ACCOUNT_ACCESS } from './access';
import { hashPassword, verifyDecoy, verifyPassword } from './passwords';
import { findAccount, findAccountByEmail, isBrandSuspended, isBusinessNumTaken } from './repository';
import { OPS_MSG } from '../../../src/domain/operators';
import { createSession, revokeAllSessions, revokeSession } from './sessions';
import { consumeEmailToken, spendOpenTokens } from './emailTokens';
import { sendConfirmMail, sendResetMail } from './mails';
import { signUp, signUpBodySchema, type SignUpBody } from './signUp';

const TAG = ['accounts: sign-in and sign-up'];
const emailBody = bodyFromYup(passwordResetRequestSchema, '이메일', { email: '계정 이메일' });
const newPasswordTexts = { password: '새 비밀번호 (영문, 숫자, 특수문자 포함 8자 이상)', passwordConfirm: '새 비밀번호 확인' };
const done = ok('처리됨', { type: 'null' });
type EmailForm = Checked<typeof passwordResetRequestSchema>;

/** `?businessNo=`: ten digits once the hyphens are dropped. */
function businessNoQuery(raw: unknown): { businessNo: string } {
  const businessNo = digitsOnly(String((raw as { businessNo?: unknown } | null)?.businessNo ?? ''));
  if (businessNo.length !== 10) throw validationFailed({ businessNo: FIELD_MSG.businessNumFormat });
  return { businessNo };
}

/** Where the mailed verification link lands in the console. */
const VERIFIED_REDIRECT = '/auth/login?verified=1';
/** Failed sign-ins per IP and e-mail before 429; successful ones are not counted. */
const SIGN_IN_FAILURES_PER_MINUTE = 10;
/** A flood guard per IP, loose enough for an office behind one address. */
const SIGN_INS_PER_IP_PER_MINUTE = 120;
const VERIFICATION_FAILED_REDIRECT = '/auth/verification/fail';

/** Sign-in, sign-out, sign-up, e-mail verification and passwords: the public side of accounts. */
export const authRoutes: FastifyPluginAsync = async (app) => {
  const signInTries = failureLimiter(app.db, { name: 'sign-in', max: SIGN_IN_FAILURES_PER_MINUTE, windowMs: 60_000, now: () => app.clock.now() });

  app.post(`${PARTNERSHIPS}/sign-in`, {
    config: { public: true, rateLimit: perIp(SIGN_INS_PER_IP_PER_MINUTE), input: { body: signInSchema } },
    schema: docs({
      tags: TAG, summary: '로그인', isPublic: true,
      description: 'IP와 이메일 기준으로 실패한 시도가 분당 10회를 넘으면 429 TOO_MANY_REQUESTS (성공한 로그인은 세지 않아요). IP당 분당 120회. 세션은 로그인 후 6시간 유효합니다.',
      body: bodyFromYup(signInSchema, '로그인 정보', { email: '이메일', password: '비밀번호' }),
      response: {
        200: ok('세션', obj('세션 토큰', { token: str('Bearer 토큰'), expiresAt: str('만료 시각 (ISO)') })),
        401: errorEnvelope('INVALID_CREDENTIALS'),
        403: errorEnvelope('UNCONFIRMED_ACCOUNT / BRAND_SUSPENDED'),
        429: errorEnvelope('TOO_MANY_REQUESTS'),
      },
    }),
  }, async (request) => {
    const { email, password } = request.body as Checked<typeof signInSchema>;
    const key = `${request.ip}|${email.trim().toLowerCase()}`;
    if (!(await signInTries.take(key))) throw tooManyRequests(FIELD_MSG.tooManyAttempts);
    const account = await findAccountByEmail(app.db, email);
    const passwordOk = account ? await verifyPassword(account.passwordHash, password) : await verifyDecoy(password);
    if (!account || !passwordOk) {
      throw new ApiError(401, 'INVALID_CREDENTIALS', FIELD_MSG.invalidCredentials);
    }
    await signInTries.forgive(key);
    if (!account.emailConfirmedAt) throw new ApiError(403, 'UNCONFIRMED_ACCOUNT', MSG.unconfirmedAccount);
    // No session for a suspended brand: every route would refuse it, so the sign-in page says why instead.
    if (await isBrandSuspended(app.db, account)) throw new ApiError(403, 'BRAND_SUSPENDED', OPS_MSG.brandSuspended);
    return { data: await createSession(app.db, account, app.clock.now()) };
  });

  app.post(`${PARTNERSHIPS}/sign-out`, {
    config: { access: ACCOUNT_ACCESS.self, allowUnconfirmed: true, allowLeaved: true },
    schema: docs({ tags: TAG, summary: '로그아웃 (현재 세션 폐기)', response: { 200: done } }),
  }, async (request) => {
    const { tokenHash } = principalOf(request);
    await revokeSession(app.db, tokenHash, app.clock.now());
    app.principals.forgetToken(tokenHash);
    return { data: null };
  });

  app.post(`${PARTNERSHIPS}/sign-up`, {
    config: { public: true, rateLimit: perIpAndEmail(10), input: { body: signUpBodySchema } },
    schema: docs({
      tags: TAG, summary: '회원가입', isPublic: true,
      description: '브랜드 메인 계정, 브랜드, 14일 PRO 체험, 기본 기능, 크레딧 계정을 만들고 인증 메일을 보냅니다. 돌려준 토큰은 이메일 인증 전에는 동의 저장(POST consents)에만 쓸 수 있습니다. 필드 오류는 보낸 키(brandName 등)로 옵니다.',
      body: bodyFromYup(signUpBodySchema, '가입 정보 (숫자만)', {
        email: '이메일', ...newPasswordTexts, businessNum: '사업자등록번호 10자리', phoneNum: '휴대폰 번호',
        brandName: '회사명 (폼의 companyName)', isAgreeServiceUsage: '서비스 이용약관 (필수)',
        isAgreePersonalInformation: '개인정보 수집·이용 (필수)', isAgreePromotion: '혜택 알림', isAgreeMarketing: '마케팅 활용',
      }),
      response: {
        201: ok('가입됨', obj('세션', { token: str('인증 전 세션 토큰'), expiresAt: str('만료 시각') })),
        400: errorEnvelope('VALIDATION_FAILED'),
        409: errorEnvelope('DUPLICATE_EMAIL / DUPLICATE_BUSINESS_NO'),
      },
    }),
  }, async (request, reply) => {
    const session = await signUp(app, request.body as SignUpBody);
    return reply.status(201).send({ data: session });
  });

  app.get(`${PARTNERSHIPS}/email/duplication`, {
    config: { public: true, rateLimit: perIp(60), input: { query: passwordResetRequestSchema } },
    schema: docs({
      tags: TAG, summary: '이메일 중복 확인', isPublic: true,
      querystring: bodyFromYup(passwordResetRequestSchema, '조회 조건', { email: '이메일' }),
      response: { 200: ok('결과', obj('중복 여부', { duplicated: bool('이미 가입됨'), unconfirmed: bool('가입했지만 인증 전') })) },
    }),
  }, async (request) => {
    const { email } = request.query as EmailForm;
    const account = await findAccountByEmail(app.db, email);
    return { data: { duplicated: Boolean(account), unconfirmed: Boolean(account && !account.emailConfirmedAt) } };
  });

  app.get(`${PARTNERSHIPS}/businessNo/duplication`, {
    config: { public: true, rateLimit: perIp(60), input: { query: businessNoQuery } },
    schema: docs({
      tags: TAG, summary: '사업자등록번호 중복 확인', isPublic: true,
      querystring: obj('조회 조건', { businessNo: str('사업자등록번호 (하이픈 무관)') }),
      response: { 200: ok('결과', obj('중복 여부', { duplicated: bool('이미 가입됨') })) },
    }),
  }, async (request) => {
    const { businessNo } = request.query as { businessNo: string };
    return { data: { duplicated: await isBusinessNumTaken(app.db, businessNo) } };
  });

  app.post(`${PARTNERSHIPS}/email/confirm`, {
    config: { public: true, rateLimit: perIpAndEmail(5), input: { body: passwordResetRequestSchema } },
    schema: docs({
      tags: TAG, summary: '인증 메일 재발송', isPublic: true,
      description: '계정 존재 여부와 관계없이 200을 돌려줍니다.',
      body: emailBody, response: { 200: done },
    }),
  }, async (request) => {
    const { email } = request.body as EmailForm;
    const account = await findAccountByEmail(app.db, email);
    if (account && !account.emailConfirmedAt && account.isLeaved === 'N') await sendConfirmMail(app, account);
    return { data: null };
  });

  app.get(`${PARTNERSHIPS}/email/confirm`, {
    config: { public: true, rateLimit: perIp(SIGN_INS_PER_IP_PER_MINUTE) },
    schema: docs({
      tags: TAG, summary: '이메일 인증 (메일의 링크)', isPublic: true,
      description: `성공 시 302 ${VERIFIED_REDIRECT}, 잘못되었거나 사용했거나 만료된 토큰은 302 ${VERIFICATION_FAILED_REDIRECT}.`,
      querystring: obj('토큰', { token: str('메일로 받은 1회용 토큰 (24시간)') }),
      // A redirect has no body: its answer is the Location header.
      response: { 302: { type: 'null', description: '콘솔로 이동', headers: { Location: str(`${VERIFIED_REDIRECT} 또는 ${VERIFICATION_FAILED_REDIRECT}`) } } },
    }),
  }, async (request, reply) => {
    const token = (request.query as { token?: unknown }).token;
    const now = app.clock.now();
    const adminIdx = typeof token === 'string' && token ? await consumeEmailToken(app.db, token, 'confirm', now) : null;
    if (adminIdx === null) return reply.redirect(VERIFICATION_FAILED_REDIRECT, 302);
    const account = await findAccount(app.db, adminIdx);
    if (account && !account.emailConfirmedAt) {
      await app.db.update(partnerships).set({ emailConfirmedAt: now, updatedAt: now }).where(eq(partnerships.idx, adminIdx));
      app.principals.forgetAdmin(adminIdx);
    }
    return reply.redirect(VERIFIED_REDIRECT, 302);
  });

  app.post(`${PARTNERSHIPS}/password/reset`, {
    config: { public: true, rateLimit: perIpAndEmail(5), input: { body: passwordResetRequestSchema } },
    schema: docs({
      tags: TAG, summary: '비밀번호 재설정 메일 요청', isPublic: true,
      description: '계정 존재 여부와 관계없이 200. 메일 링크: ${PUBLIC_URL}/reset/password?token=… (1시간, 1회용).',
      body: emailBody, response: { 200: done },
    }),
  }, async (request) => {
    const { email } = request.body as EmailForm;
    const account = await findAccountByEmail(app.db, email);
    if (account) await sendResetMail(app, account);
    return { data: null };
  });

  app.put(`${PARTNERSHIPS}/password`, {
    config: { public: true, rateLimit: perIp(20), input: { body: newPasswordSchema } },
    schema: docs({
      tags: TAG, summary: '새 비밀번호 설정 (재설정 토큰)', isPublic: true,
      description: '성공하면 그 계정의 모든 세션이 폐기됩니다.',
      body: bodyFromYup(newPasswordSchema, '새 비밀번호', { token: '메일의 재설정 토큰', ...newPasswordTexts }),
      response: { 200: done, 400: errorEnvelope('INVALID_TOKEN 또는 VALIDATION_FAILED') },
    }),
  }, async (request) => {
    const form = request.body as Checked<typeof newPasswordSchema>;
    const passwordHash = await hashPassword(form.password);
    const now = app.clock.now();
    const adminIdx = await app.db.transaction(async (tx) => {
      const idx = await consumeEmailToken(tx, form.token, 'reset', now);
      if (idx === null) throw new ApiError(400, 'INVALID_TOKEN', FIELD_MSG.resetTokenInvalid, { token: FIELD_MSG.resetTokenInvalid });
      await tx.update(partnerships).set({ passwordHash, updatedAt: now }).where(eq(partnerships.idx, idx));
      await spendOpenTokens(tx, idx, 'reset', now);
      await revokeAllSessions(tx, idx, now);
      return idx;
    });
    // After the commit, so that no request re-reads the old sessions in between.
    app.principals.forgetAdmin(adminIdx);
    return { data: null };
  });

  app.patch(`${PARTNERSHIPS}/password`, {
    config: { access: ACCOUNT_ACCESS.selfWrite, rateLimit: perAccount(10, FIELD_MSG.tooManyAttempts), input: { body: changePasswordSchema } },
    schema: docs({
      tags: TAG, summary: '비밀번호 변경',
      description: '현재 세션을 뺀 이 계정의 다른 세션은 모두 폐기됩니다.',
      body: bodyFromYup(changePasswordSchema, '비밀번호', { currentPassword: '현재 비밀번호', ...newPasswordTexts }),
      response: { 200: done, 400: errorEnvelope('VALIDATION_FAILED (errors.currentPassword)') },
    }),
  }, async (request) => {
    const principal = principalOf(request);
    const form = request.body as Checked<typeof changePasswordSchema>;
    const account = await findAccount(app.db, principal.adminIdx);
    if (!account || !(await verifyPassword(account.passwordHash, form.currentPassword))) {
      throw validationFailed({ currentPassword: FIELD_MSG.currentPasswordWrong });
    }
    const passwordHash = await hashPassword(form.password);
    const now = app.clock.now();
    await app.db.transaction(async (tx) => {
      await tx.update(partnerships).set({ passwordHash, updatedAt: now }).where(eq(partnerships.idx, account.idx));
      await revokeAllSessions(tx, account.idx, now, principal.tokenHash);
    });
    app.principals.forgetAdmin(account.idx);
    return { data: null };
  });
};

