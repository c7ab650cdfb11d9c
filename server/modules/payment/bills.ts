import type { FastifyPluginAsync } from 'fastify';
import { and, asc, count, desc, eq, gte, lt } from 'drizzle-orm';
import { bills, nfts } from '../../db/schema';
import type { FieldErrors } from '../../../src/domain/errors';
import { SUBSCRIPTION_MSG } from '../../../src/domain/subscription';
import { addMonths, seoulDayStart, seoulToday } from '../../../src/domain/seoulDay';
import { notFound, validationFailed } from '../../http/errors';
import { docs, errorEnvelope, obj, ok, str } from '../../http/docs';
import { idxParams, pagingDocs, readPaging } from '../../http/params';
import type { Checked } from '../../http/routeInput';
import { principalOf } from '../../plugins/auth';
import { PAYMENT_ACCESS } from './access';
import { billView } from './subscriptionBilling';
import { receiptOf } from './receipt';

const TAG = ['payment'];
const billDoc = { type: 'object', additionalProperties: true, description: '청구서: idx, kind, status (complete | fail | ready | request | cancel), planId, totalAmount, itemList, payDate, failMessage, attempt, createdAt' };
const receiptDoc = {
  type: 'object', additionalProperties: true,
  description: '청구서와 영수증: 청구서 필드에 더해 receipt { supplier: 공급자 { businessNumber, name }, buyer: 공급받는자 { businessNumber, name }, '
    + 'cardNumber (****-****-****-1234, 결제한 카드가 없으면 null), supplyAmount (공급가액), vat (부가세 10%), totalAmount (합계) }',
};

/** sort ASC | DESC (by creation, DESC when absent), page, pageSize: 400 naming the bad one. */
function parseBillQuery(raw: unknown) {
  const query = (raw ?? {}) as Record<string, unknown>;
  const errors: FieldErrors = {};
  const sort = query.sort === undefined || query.sort === '' ? 'DESC' : String(query.sort).toUpperCase();
  if (sort !== 'ASC' && sort !== 'DESC') errors.sort = SUBSCRIPTION_MSG.billSortInvalid;
  const paging = readPaging(query, errors);
  if (Object.keys(errors).length) throw validationFailed(errors);
  return { sort: sort as 'ASC' | 'DESC', ...paging };
}

const billIdParams = idxParams(SUBSCRIPTION_MSG.billNotFound);

/**
 * Bills (issue 12 item 4; docs/api/payment.md, "Bills"): what subscribing, plan changes and
 * renewals charged or refunded, and the month's guarantee issuing. The tenant's only.
 */
export const billRoutes: FastifyPluginAsync = async (app) => {
  app.get('/v2/bill', {
    config: { access: PAYMENT_ACCESS.read, input: { query: parseBillQuery } },
    schema: docs({
      tags: TAG, summary: '청구서 목록',
      querystring: obj('조건', { sort: str('ASC | DESC (생성 순, 기본 DESC)'), ...pagingDocs() }),
      response: { 200: ok('청구서', obj('목록', { list: { type: 'array', items: billDoc }, total: { type: 'integer' } })), 400: errorEnvelope('VALIDATION_FAILED') },
    }),
  }, async (request) => {
    const { tenantIdx } = principalOf(request);
    const { sort, page, pageSize } = request.query as Checked<typeof parseBillQuery>;
    const order = sort === 'ASC' ? [asc(bills.createdAt), asc(bills.idx)] : [desc(bills.createdAt), desc(bills.idx)];
    const [rows, [{ total }]] = await Promise.all([
      app.db.select().from(bills).where(eq(bills.tenantIdx, tenantIdx)).orderBy(...order).limit(pageSize).offset((page - 1) * pageSize),
      app.db.select({ total: count() }).from(bills).where(eq(bills.tenantIdx, tenantIdx)),
    ]);
    return { data: { list: rows.map(billView), total } };
  });

  app.get('/v2/bill/nft/monthly', {
    config: { access: PAYMENT_ACCESS.read },
    schema: docs({
      tags: TAG, summary: '이번 달 보증서 발급 청구',
      description: '이번 달(서울 기준) 발급된 보증서 수. 발급 건당 요금은 요금제에 포함되어 있어 금액은 0원입니다.',
      response: { 200: ok('월간 청구', obj('청구', { month: str('YYYY-MM'), itemList: { type: 'array', items: { type: 'object', additionalProperties: true } }, totalAmount: { type: 'integer' } })) },
    }),
  }, async (request) => {
    const { tenantIdx } = principalOf(request);
    const today = seoulToday(app.clock.now());
    const first = `${today.slice(0, 7)}-01`;
    const start = seoulDayStart(first);
    const end = seoulDayStart(addMonths(first, 1));
    const [{ n }] = await app.db.select({ n: count() }).from(nfts)
      .where(and(eq(nfts.tenantIdx, tenantIdx), eq(nfts.nftType, 'GUARANTEE'), gte(nfts.issuedAt, start), lt(nfts.issuedAt, end)));
    const item = {
      itemType: 'NFT', itemName: '보증서 발급', itemUnit: '건', originPrice: 0, discountPrice: 0, discountRate: 0, price: 0, vat: 0, totalAmount: 0,
      count: n, startDate: start.toISOString(), endDate: end.toISOString(), payDate: null,
    };
    return { data: { month: today.slice(0, 7), itemList: [item], totalAmount: 0 } };
  });

  app.get('/v2/bill/:idx', {
    config: { access: PAYMENT_ACCESS.read, input: { params: billIdParams } },
    schema: docs({
      tags: TAG, summary: '청구서',
      params: obj('경로', { idx: { type: 'string', description: '청구서 idx (스펙의 {id})' } }),
      response: { 200: ok('청구서', receiptDoc), 404: errorEnvelope(`NOT_FOUND: ${SUBSCRIPTION_MSG.billNotFound}`) },
    }),
  }, async (request) => {
    const { tenantIdx } = principalOf(request);
    const { idx } = request.params as Checked<typeof billIdParams>;
    const [row] = await app.db.select().from(bills).where(and(eq(bills.tenantIdx, tenantIdx), eq(bills.idx, idx)));
    if (!row) throw notFound(SUBSCRIPTION_MSG.billNotFound);
    return { data: { ...billView(row), receipt: await receiptOf(app, tenantIdx, row) } };
  });
};
