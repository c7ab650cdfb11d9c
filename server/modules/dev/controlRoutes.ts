import type { FastifyPluginAsync } from 'fastify';
import { LOOPBACK_ONLY_NO_RATE_LIMIT } from './demoOnly';
import * as yup from 'yup';
import { findAccountByEmail } from '../accounts/repository';
import { runSubscriptionRenewalJob } from '../../jobs/subscriptionRenewals';
import { runWaitingNoShowJob } from '../../jobs/waitingNoShows';
import { runReservationReminderJob } from '../../jobs/reservationReminders';
import { creditDebits } from '../credit/debits';
import { docs, obj, str } from '../../http/docs';
import { bodyFromYup } from '../../http/yupDocs';
import { notFound, validationFailed } from '../../http/errors';
import type { Checked } from '../../http/routeInput';
import { isDemoClock } from './demoClock';
import { FIELD_MSG, MSG } from '../../../src/domain/messages';
import { CREDIT_MSG } from '../../../src/domain/credit';
import { columnIntSchema } from '../../../src/domain/integers';

const TAG = ['dev'];
const WHERE = '내장 데이터베이스의 데모에서만 존재하고, 서버가 도는 기기(루프백)에서만 응답합니다.';

const clockSchema = yup.object({
  at: yup.string().nullable().defined(MSG.devClockInvalid).test('iso', MSG.devClockInvalid, (v) => v === null || !Number.isNaN(Date.parse(v ?? ''))),
});
const debitSchema = yup.object({
  email: yup.string().required(FIELD_MSG.emailRequired),
  // The credit ledger's amounts are bigint columns.
  amount: columnIntSchema('bigint', CREDIT_MSG.debitAmountInvalid, { min: 1 }).required(CREDIT_MSG.debitAmountInvalid),
});

/**
 * What the demo (and the end-to-end tests driving it) need to see time-bound and message-bound
 * flows without waiting for them: the server's clock, one run of the renewal job now, and a debit
 * of a brand's credit as messages will make it (reserve, then settle in full, which fires auto
 * top-up). Registered only in the embedded demo, loopback only (./routes.ts, ./demoOnly.ts).
 */
export const controlRoutes: FastifyPluginAsync = async (app) => {
  const clock = app.clock;
  if (!isDemoClock(clock)) throw new Error('the dev controls need the demo clock (server/app.ts)');

  app.put('/dev/clock', {
    config: { public: true, rateLimit: LOOPBACK_ONLY_NO_RATE_LIMIT, input: { body: clockSchema } },
    schema: docs({
      tags: TAG, summary: '서버 시계 옮기기', isPublic: true, description: `${WHERE} at(ISO)부터 시계가 흐르고, null이면 실제 시각으로 돌아갑니다.`,
      body: obj('시각', { at: { type: ['string', 'null'], description: 'ISO 8601 또는 null' } }),
      response: { 200: { description: '서버 시각', type: 'object', properties: { data: obj('시각', { now: str('ISO') }) } } },
    }),
  }, async (request) => {
    const { at } = request.body as Checked<typeof clockSchema>;
    clock.moveTo(at ? new Date(at) : null);
    return { data: { now: clock.now().toISOString() } };
  });

  app.post('/dev/jobs/subscription-renewals', {
    config: { public: true, rateLimit: LOOPBACK_ONLY_NO_RATE_LIMIT },
    schema: docs({
      tags: TAG, summary: '구독 갱신 작업 지금 실행', isPublic: true, description: `${WHERE} 서버 시계로 갱신할 구독을 결제합니다.`,
      response: { 200: { description: '결과', type: 'object', properties: { data: obj('결과', { renewed: { type: 'integer' }, failed: { type: 'integer' } }) } } },
    }),
  }, async () => ({ data: await runSubscriptionRenewalJob(app) }));

  app.post('/dev/jobs/waiting-no-shows', {
    config: { public: true, rateLimit: LOOPBACK_ONLY_NO_RATE_LIMIT },
    schema: docs({
      tags: TAG, summary: '웨이팅 미입장 취소 작업 지금 실행', isPublic: true, description: `${WHERE} 서버 시계로 호출 후 3분 안에 확인하지 않았거나 10분 안에 입장하지 않은 웨이팅을 취소합니다.`,
      response: { 200: { description: '결과', type: 'object', properties: { data: obj('결과', { cancelled: { type: 'integer' } }) } } },
    }),
  }, async () => ({ data: { cancelled: await runWaitingNoShowJob(app) } }));

  app.post('/dev/jobs/reservation-reminders', {
    config: { public: true, rateLimit: LOOPBACK_ONLY_NO_RATE_LIMIT },
    schema: docs({
      tags: TAG, summary: '예약 전날 알림톡 작업 지금 실행', isPublic: true, description: `${WHERE} 서버 시계로 오전 10시 이후면 다음 날 확정된 예약에 알림톡을 보냅니다.`,
      response: { 200: { description: '결과', type: 'object', properties: { data: obj('결과', { reminded: { type: 'integer' } }) } } },
    }),
  }, async () => ({ data: { reminded: await runReservationReminderJob(app) } }));

  app.post('/dev/credit/debit', {
    config: { public: true, rateLimit: LOOPBACK_ONLY_NO_RATE_LIMIT, input: { body: debitSchema } },
    schema: docs({
      tags: TAG, summary: '크레딧 차감 (메시지 발송처럼)', isPublic: true,
      description: `${WHERE} 브랜드 계정의 잔액에서 amount를 예약하고 전액 정산합니다. 잔액이 자동 충전 조건 아래로 내려가면 자동 충전이 실행됩니다.`,
      body: bodyFromYup(debitSchema, '차감', { email: '브랜드 계정 이메일', amount: '원' }),
      response: { 200: { description: '차감됨', type: 'object', properties: { data: obj('예약', { reservationIdx: { type: 'integer' } }) } } },
    }),
  }, async (request) => {
    const { email, amount } = request.body as Checked<typeof debitSchema>;
    const account = await findAccountByEmail(app.db, email);
    if (!account?.parentIdx) throw notFound();
    const debits = creditDebits(app);
    const reserved = await debits.reserve(account.parentIdx, amount, { memo: 'dev debit' });
    if (!reserved.ok) throw validationFailed({ amount: CREDIT_MSG.insufficientBalance });
    await debits.settle(account.parentIdx, reserved.reservation.reservationIdx, amount);
    return { data: { reservationIdx: reserved.reservation.reservationIdx } };
  });
};
