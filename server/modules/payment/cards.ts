import { createHash, randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingProfiles, paymentCards } from '../../db/schema';
import {
  PAYMENT_CARD_MSG, cardNumberOf, maskCardNumber, paymentCardAuthSchema, paymentCardSchema, type PaymentCardForm,
} from '../../../src/domain/paymentCard';
import { ApiError, isUniqueViolation, notFound } from '../../http/errors';
import { docs, errorEnvelope, obj, ok, str } from '../../http/docs';
import { idxParams } from '../../http/params';
import { perAccount } from '../../http/rateLimit';
import type { Checked } from '../../http/routeInput';
import { validateWith } from '../../http/validate';
import { bodyFromYup } from '../../http/yupDocs';
import { principalOf } from '../../plugins/auth';
import { BillingError, type IssuedBillingKey } from '../../providers/billing';
import { PAYMENT_ACCESS } from './access';

const TAG = ['payment'];
/** Card registrations a main account may try a minute: enough for typos, too few for card testing. */
export const CARD_REGISTRATIONS_PER_MINUTE = 10;

const cardDoc = obj('결제 카드', {
  idx: { type: 'integer', description: '카드 idx (DELETE /v2/method/{id})' },
  methodType: str('CARD'),
  maskedNumber: str('끝 4자리만 남긴 카드 번호 (**** **** **** 1234)'),
  cardCompany: { type: ['string', 'null'], description: '카드사' },
  cardType: { type: ['string', 'null'], description: '신용 | 체크 | 기프트' },
  provider: str('sandbox | toss'),
  createdAt: str('ISO'),
});

const columns = {
  idx: paymentCards.idx, maskedNumber: paymentCards.maskedNumber, cardCompany: paymentCards.cardCompany, cardType: paymentCards.cardType,
  provider: paymentCards.provider, createdAt: paymentCards.createdAt,
};
const view = (row: { idx: number; maskedNumber: string; cardCompany: string | null; cardType: string | null; provider: string; createdAt: Date }) =>
  ({ ...row, methodType: 'CARD' as const, createdAt: row.createdAt.toISOString() });

async function profileOf(db: Db, tenantIdx: number) {
  const [row] = await db.select().from(billingProfiles).where(eq(billingProfiles.tenantIdx, tenantIdx));
  return row ?? null;
}

/** The tenant's billing customer, made on its first card with a random customer key. */
async function ensureProfile(db: Db, tenantIdx: number) {
  await db.insert(billingProfiles).values({ tenantIdx, customerKey: `ck_${randomUUID().replace(/-/g, '')}` }).onConflictDoNothing({ target: billingProfiles.tenantIdx });
  return (await profileOf(db, tenantIdx))!;
}

/**
 * What identifies a card among a tenant's cards without keeping its number: a SHA-256 of the first
 * 6 and last 4 digits and the expiry (the parts a merchant may keep), never reversible to the number.
 */
export function cardKeyOf(cardNumber: string, month: string, year: string): string {
  return createHash('sha256').update(`${cardNumber.slice(0, 6)}|${cardNumber.slice(-4)}|${month}|${year}`).digest('hex');
}

/** The form's body, checked against the tenant's state: the e-mail is required only without a payment e-mail. */
async function parseCardBody(raw: unknown, request: FastifyRequest): Promise<PaymentCardForm> {
  const profile = await profileOf(request.server.db, principalOf(request).tenantIdx);
  return validateWith(paymentCardSchema, raw, { needsEmail: !profile?.email, now: request.server.clock.now() });
}

/** The spec's `{id}`, named idx like every row path (the security matrix's convention). */
const cardIdParams = idxParams(PAYMENT_CARD_MSG.notFound);
const alreadyRegistered = () => new ApiError(400, 'ALREADY_REGISTERED_BILLING', PAYMENT_CARD_MSG.alreadyRegistered);

/** Asks the provider for a billing key; a decline is a 400 with its message, anything else the generic 502. Logs the provider's code only. */
async function issueWith(request: FastifyRequest, issue: () => Promise<IssuedBillingKey>): Promise<IssuedBillingKey> {
  const provider = request.server.billing.name;
  try {
    return await issue();
  } catch (err) {
    if (!(err instanceof BillingError)) {
      request.log.error({ provider }, 'billing key issue threw');
      throw new ApiError(502, 'PAYMENT_FAILED', PAYMENT_CARD_MSG.registerFailed);
    }
    request.log.warn({ provider, kind: err.kind, providerCode: err.providerCode }, 'billing key refused');
    if (err.kind === 'DECLINED') throw new ApiError(400, 'PAYMENT_DECLINED', err.message || PAYMENT_CARD_MSG.declined);
    throw new ApiError(502, 'PAYMENT_FAILED', PAYMENT_CARD_MSG.registerFailed);
  }
}

interface NewCard { tenantIdx: number; provider: 'sandbox' | 'toss'; issued: IssuedBillingKey; cardKey: string; maskedNumber: string; now: Date }

/** Stores the billing key and the masked number (and the first payment e-mail); the same card registered concurrently is ALREADY_REGISTERED_BILLING. */
async function keepCard(db: Db, card: NewCard, newEmail: string | null) {
  try {
    return await db.transaction(async (tx) => {
      const [inserted] = await tx.insert(paymentCards).values({
        tenantIdx: card.tenantIdx, provider: card.provider, billingKey: card.issued.billingKey, cardKey: card.cardKey, maskedNumber: card.maskedNumber,
        cardCompany: card.issued.cardCompany, cardType: card.issued.cardType, createdAt: card.now,
      }).returning(columns);
      if (newEmail) await tx.update(billingProfiles).set({ email: newEmail }).where(and(eq(billingProfiles.tenantIdx, card.tenantIdx), isNull(billingProfiles.email)));
      return inserted;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyRegistered();
    throw err;
  }
}

/**
 * Payment cards (issue 12 item 2; docs/api/payment.md): the list, registration through the billing
 * provider (server/providers/billing) and removal. The card number goes to the provider and nowhere
 * else: not the database, not a log line (the logger redacts bodies; failures log the provider's
 * code only). The main account's only, like the rest of payment (PAYMENT_RULE).
 */
export const cardRoutes: FastifyPluginAsync = async (app) => {
  app.get('/v2/method', {
    config: { access: PAYMENT_ACCESS.read },
    schema: docs({
      tags: TAG, summary: '결제 수단 목록',
      description: 'hasPaymentEmail이 true면 카드 등록 폼에서 이메일을 묻지 않습니다. customerKey는 테넌트의 결제 대행사 고객 키(무작위)입니다.',
      response: { 200: ok('결제 수단', obj('목록', { list: { type: 'array', items: cardDoc }, total: { type: 'integer' }, hasPaymentEmail: { type: 'boolean' }, customerKey: str('카드 인증창(requestBillingAuth)에 넘길 customerKey') })) },
    }),
  }, async (request) => {
    const { tenantIdx } = principalOf(request);
    const rows = await app.db.select(columns).from(paymentCards).where(eq(paymentCards.tenantIdx, tenantIdx)).orderBy(asc(paymentCards.idx));
    // The billing customer exists from the first read: the card-auth window needs its customerKey before any card.
    const profile = await ensureProfile(app.db, tenantIdx);
    return { data: { list: rows.map(view), total: rows.length, hasPaymentEmail: Boolean(profile.email), customerKey: profile.customerKey } };
  });

  app.post('/v2/method/card', {
    config: { audit: { action: 'card.register' }, access: PAYMENT_ACCESS.write, input: { body: parseCardBody }, rateLimit: perAccount(CARD_REGISTRATIONS_PER_MINUTE) },
    schema: docs({
      tags: TAG, summary: '결제 카드 등록',
      description: '카드 정보는 결제 대행사에만 전달되어 빌링키가 발급되고, 저장되는 것은 빌링키와 끝 4자리로 가린 번호뿐입니다. '
        + `같은 카드를 다시 등록하면 400 ALREADY_REGISTERED_BILLING ('${PAYMENT_CARD_MSG.alreadyRegistered}'), 카드사 거절은 400 PAYMENT_DECLINED (대행사의 메시지 그대로), `
        + `그 밖의 실패는 502 PAYMENT_FAILED ('${PAYMENT_CARD_MSG.registerFailed}').`,
      body: bodyFromYup(paymentCardSchema, '카드', {
        cardNumber1: '카드 번호 1~4자리', cardNumber2: '카드 번호 5~8자리', cardNumber3: '카드 번호 9~12자리', cardNumber4: '카드 번호 13~16자리',
        cardExpirationMonth: '유효기간 월 (MM)', cardExpirationYear: '유효기간 연도 (YY)', cardPassword: '카드 비밀번호 앞 2자리',
        customerIdentityNumber: '생년월일 6자리 (YYMMDD) 또는 사업자등록번호 10자리', customerEmail: '결제 이메일 (등록된 결제 이메일이 없을 때 필수)',
      }),
      response: {
        201: ok('등록됨', cardDoc),
        400: errorEnvelope('VALIDATION_FAILED | ALREADY_REGISTERED_BILLING | PAYMENT_DECLINED'),
        502: errorEnvelope(`PAYMENT_FAILED: ${PAYMENT_CARD_MSG.registerFailed}`),
      },
    }),
  }, async (request, reply) => {
    const { tenantIdx } = principalOf(request);
    const body = request.body as PaymentCardForm;
    const cardNumber = cardNumberOf(body);
    const cardKey = cardKeyOf(cardNumber, body.cardExpirationMonth, body.cardExpirationYear);
    const [same] = await app.db.select({ idx: paymentCards.idx }).from(paymentCards).where(and(eq(paymentCards.tenantIdx, tenantIdx), eq(paymentCards.cardKey, cardKey)));
    if (same) throw alreadyRegistered();

    const profile = await ensureProfile(app.db, tenantIdx);
    const email = body.customerEmail || profile.email || undefined;
    const issued = await issueWith(request, () => app.billing.issueBillingKey(profile.customerKey, {
      cardNumber, cardExpirationMonth: body.cardExpirationMonth, cardExpirationYear: body.cardExpirationYear,
      cardPassword: body.cardPassword, customerIdentityNumber: body.customerIdentityNumber, ...(email ? { customerEmail: email } : {}),
    }));
    const row = await keepCard(app.db, { tenantIdx, provider: app.billing.name, issued, cardKey, maskedNumber: maskCardNumber(cardNumber), now: app.clock.now() }, body.customerEmail && !profile.email ? body.customerEmail : null);
    return reply.status(201).send({ data: view(row) });
  });

  app.post('/v2/method/card/auth', {
    config: { audit: { action: 'card.register' }, access: PAYMENT_ACCESS.write, input: { body: paymentCardAuthSchema }, rateLimit: perAccount(CARD_REGISTRATIONS_PER_MINUTE) },
    schema: docs({
      tags: TAG, summary: '결제 카드 등록 (카드 인증창)',
      description: '결제 대행사의 카드 인증창(Toss requestBillingAuth, customerKey는 GET /v2/method의 customerKey)이 돌려준 authKey로 빌링키를 발급받아 등록합니다. '
        + '응답과 오류는 POST /v2/method/card와 같습니다. 샌드박스에서는 authKey sandbox_auth_<카드 번호 16자리>.',
      body: bodyFromYup(paymentCardAuthSchema, '인증', { authKey: '카드 인증창이 돌려준 authKey' }),
      response: {
        201: ok('등록됨', cardDoc),
        400: errorEnvelope('VALIDATION_FAILED | ALREADY_REGISTERED_BILLING | PAYMENT_DECLINED'),
        502: errorEnvelope(`PAYMENT_FAILED: ${PAYMENT_CARD_MSG.registerFailed}`),
      },
    }),
  }, async (request, reply) => {
    const { tenantIdx } = principalOf(request);
    const { authKey } = request.body as Checked<typeof paymentCardAuthSchema>;
    const profile = await ensureProfile(app.db, tenantIdx);
    const issued = await issueWith(request, () => app.billing.issueBillingKeyFromAuth(profile.customerKey, authKey));
    // The window kept the number: the provider's masked form is all we see, so it names the card.
    const cardKey = createHash('sha256').update(`auth|${issued.providerMaskedNumber}|${issued.cardCompany ?? ''}`).digest('hex');
    const maskedNumber = `**** **** **** ${issued.providerMaskedNumber.slice(-4).padStart(4, '*')}`;
    const row = await keepCard(app.db, { tenantIdx, provider: app.billing.name, issued, cardKey, maskedNumber, now: app.clock.now() }, null);
    return reply.status(201).send({ data: view(row) });
  });

  app.delete('/v2/method/:idx', {
    config: { audit: { action: 'card.delete' }, access: PAYMENT_ACCESS.write, input: { params: cardIdParams } },
    schema: docs({
      tags: TAG, summary: '결제 카드 삭제',
      params: obj('경로', { idx: { type: 'string', description: '카드 idx (스펙의 {id})' } }),
      response: { 200: ok('삭제됨', obj('결과', { idx: { type: 'integer' } })), 404: errorEnvelope(`NOT_FOUND: ${PAYMENT_CARD_MSG.notFound}`) },
    }),
  }, async (request) => {
    const { tenantIdx } = principalOf(request);
    const { idx } = request.params as Checked<typeof cardIdParams>;
    const [gone] = await app.db.delete(paymentCards).where(and(eq(paymentCards.tenantIdx, tenantIdx), eq(paymentCards.idx, idx))).returning({ idx: paymentCards.idx });
    if (!gone) throw notFound(PAYMENT_CARD_MSG.notFound);
    return { data: gone };
  });
};
