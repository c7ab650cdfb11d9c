import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customerGroups, customerOrders, customerPointLedger, customerSettings, customers } from '../db/schema';
import { CUSTOMER_MSG, pointAmountOf, type OrderChannel } from '../../src/domain/customer';
import { normalizePhone } from '../../src/domain/guarantee';
import { findAccountByEmail } from '../modules/accounts/repository';
import { runGrades } from '../modules/customers/grades';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The guarantee seed's orderers come first: the same phones, so they are enriched, never duplicated. */
const PEOPLE: [string, string][] = [
  ['김민준', '010-2345-6701'], ['이서연', '010-3456-7802'], ['박지호', '010-4567-8903'], ['최수아', '010-5678-9004'],
  ['정예준', '010-6789-0105'], ['강하은', '010-7890-1206'], ['조도윤', '010-8901-2307'], ['윤지우', '010-9012-3408'],
  ['장서준', '010-1234-5609'], ['임하린', '010-2345-6710'], ['한시우', '010-3456-7811'], ['오채원', '010-4567-8912'],
];
const SURNAMES = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임', '한', '오', '서', '신', '권', '황'];
const GIVEN = ['도현', '지민', '건우', '다은', '우진', '소율', '선우', '예린', '연우', '시윤', '민서', '현우', '예은', '정우', '수빈', '승우'];
const PRODUCTS = ['시그니처 레더 토트', '클래식 카드지갑', '모던 다이버 워치', '데일리 캔버스 쇼퍼', '프리미엄 울 코트', '에센셜 실크 스카프'];
const CHANNELS: OrderChannel[] = ['platform', 'ownMall', 'offline'];
const POINT_RATE = 1.5;

/** n demo customers: the guarantee orderers, then generated names with 010 numbers. */
function people(n: number): [string, string][] {
  const out = [...PEOPLE];
  for (let i = 0; out.length < n; i += 1) {
    out.push([`${SURNAMES[i % SURNAMES.length]}${GIVEN[(i * 7) % GIVEN.length]}`, `010-${String(5100 + i).padStart(4, '0')}-${String(1000 + ((i * 37) % 9000)).padStart(4, '0')}`]);
  }
  return out.slice(0, n);
}

/**
 * Demo customers of one tenant, once (skipped when it has grades): consents, wallets, birthdays and
 * e-mails on some; 0–5 orders each over the last 18 months (aggregates and points kept in step);
 * the point setting (1.5 %, on), three grades run over them.
 */
async function seedTenant(db: Db, email: string, n: number, withGrades: boolean, now: Date): Promise<void> {
  const account = await findAccountByEmail(db, email);
  if (!account) return;
  const tenantIdx = account.idx;
  const [{ groups }] = await db.select({ groups: count() }).from(customerGroups).where(eq(customerGroups.tenantIdx, tenantIdx));
  if (groups > 0) return;
  await db.transaction(async (tx) => {
    await tx.insert(customerSettings).values({ tenantIdx, pointRate: POINT_RATE, onOfflinePointToggle: 'Y', gradeSchedule: 'monthly', gradePeriodMonths: 12, lastGradeRunAt: now, updatedAt: now })
      .onConflictDoNothing();
    for (const [i, [name, tel]] of people(n).entries()) {
      const createdAt = new Date(now.getTime() - ((i * 13) % 400) * DAY_MS - i * 60_000);
      const values = {
        email: i % 3 === 0 ? `customer${i + 1}@example.com` : null,
        gender: (['M', 'F', null] as const)[i % 3],
        birthday: i % 2 === 0 ? `19${70 + (i % 30)}${String(1 + (i % 12)).padStart(2, '0')}${String(1 + (i % 28)).padStart(2, '0')}` : null,
        agreeMarketing: i % 3 === 0 ? 'Y' as const : 'N' as const, agreeMarketingAt: i % 3 === 0 ? createdAt : null,
        agreeSms: i % 4 === 0 ? 'Y' as const : 'N' as const, agreeSmsAt: i % 4 === 0 ? createdAt : null,
        hasWallet: i % 5 === 0 ? 'Y' as const : 'N' as const, updatedAt: now,
      };
      const phone = normalizePhone(tel);
      const [row] = await tx.insert(customers).values({ tenantIdx, name, phone, countryCode: '82', createdAt, ...values })
        .onConflictDoUpdate({ target: [customers.tenantIdx, customers.countryCode, customers.phone], set: values })
        .returning({ idx: customers.idx });
      const orderCount = i % 6;
      let balance = 0;
      for (let j = 0; j < orderCount; j += 1) {
        const paymentAmount = 30_000 * (1 + ((i * 7 + j * 11) % 20));
        const orderedAt = new Date(now.getTime() - ((i * 17 + j * 41) % 540) * DAY_MS);
        const pointAmount = pointAmountOf(paymentAmount, POINT_RATE);
        const [order] = await tx.insert(customerOrders).values({
          tenantIdx, customerIdx: row.idx, orderedAt, channel: CHANNELS[(i + j) % 3], productName: PRODUCTS[(i + j) % PRODUCTS.length], paymentAmount, pointAmount, createdAt: orderedAt,
        }).returning({ idx: customerOrders.idx });
        balance += pointAmount;
        await tx.insert(customerPointLedger).values({ tenantIdx, customerIdx: row.idx, amount: pointAmount, reason: CUSTOMER_MSG.pointReasonOrder, balance, orderIdx: order.idx, createdAt: orderedAt });
      }
    }
    // Aggregates from the orders, one statement.
    await tx.execute(sql`UPDATE ${customers} c SET total_order_price = o.total, total_order_count = o.cnt, platform_order_count = o.platform,
        own_mall_order_count = o.own_mall, offline_order_count = o.offline, latest_ordered_at = o.latest, point_balance = o.points
      FROM (SELECT customer_idx, sum(payment_amount) AS total, count(*) AS cnt, count(*) FILTER (WHERE channel = 'platform') AS platform,
              count(*) FILTER (WHERE channel = 'ownMall') AS own_mall, count(*) FILTER (WHERE channel = 'offline') AS offline,
              max(ordered_at) AS latest, sum(point_amount) AS points
            FROM ${customerOrders} WHERE tenant_idx = ${tenantIdx} GROUP BY customer_idx) o
      WHERE c.tenant_idx = ${tenantIdx} AND c.idx = o.customer_idx`);
    if (withGrades) {
      await tx.insert(customerGroups).values([
        { tenantIdx, name: '일반', groupNo: 1, minPurchaseAmount: 0, minPurchaseCount: 0, createdAt: now, updatedAt: now },
        { tenantIdx, name: '실버', groupNo: 2, minPurchaseAmount: 300_000, minPurchaseCount: 2, createdAt: now, updatedAt: now },
        { tenantIdx, name: 'VIP', groupNo: 3, minPurchaseAmount: 1_000_000, minPurchaseCount: 4, createdAt: now, updatedAt: now },
      ]);
    }
  });
  if (withGrades) await runGrades(db, tenantIdx, now);
}

/** Demo customers: 60 for brand@demo.test with three grades, a few for other@demo.test. */
export async function seedCustomers(db: Db, now: Date): Promise<void> {
  await seedTenant(db, 'brand@demo.test', 60, true, now);
  await seedTenant(db, 'other@demo.test', 5, true, now);
}
