import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { consentRecords } from '../db/schema';
import { addDays, seoulToday } from '../../src/domain/seoulDay';
import { MARKETING_CONSENTS } from '../../src/domain/home';
import { findAccountByEmail } from '../modules/accounts/repository';
import { countNotices, createNotice } from '../modules/notices/service';

/** The demo's platform notices: 9, the newest 3 within the 'new' window, one without a link. */
const DEMO_NOTICES: { title: string; daysAgo: number; link: string | null }[] = [
  { title: '12월 정기 점검 안내 (12/3 02:00~04:00)', daysAgo: 1, link: 'https://notice.partner-console.example/maintenance-2026-12' },
  { title: '멤버십 스탬프 카드 기능이 새로 나왔어요', daysAgo: 5, link: 'https://notice.partner-console.example/stamp-card' },
  { title: 'A/S 접수 알림톡 문구가 바뀌어요', daysAgo: 12, link: null },
  { title: '개인정보 처리 위탁 고지 변경 안내', daysAgo: 20, link: 'https://notice.partner-console.example/consignment-2026' },
  { title: '보증서 대량 발급 1,000건까지 한 번에', daysAgo: 35, link: 'https://notice.partner-console.example/bulk-issue' },
  { title: '고객 등급과 포인트 설정 가이드', daysAgo: 50, link: 'https://notice.partner-console.example/grade-guide' },
  { title: '선불 충전금 자동 충전을 설정해 보세요', daysAgo: 64, link: 'https://notice.partner-console.example/auto-top-up' },
  { title: '브랜드 라운지 테마 색상 추가', daysAgo: 80, link: 'https://notice.partner-console.example/lounge-theme' },
  { title: '파트너 콘솔 이용 약관 개정 안내', daysAgo: 120, link: 'https://notice.partner-console.example/terms-2026' },
];

/**
 * Home's demo data (issue 27): the platform notices (only into an empty table, so an older data
 * directory gets them once), and the marketing-consent answers of the demo's brand accounts that had
 * none, so their home does not open the consent modal over every demo and test (other@demo.test keeps
 * none: the tenant-isolation test reads its empty list).
 */
export async function seedHomeDemo(db: Db, now: Date): Promise<void> {
  if ((await countNotices(db)) === 0) {
    const today = seoulToday(now);
    // Oldest first, so the numbers (no) grow with the date.
    for (const n of [...DEMO_NOTICES].reverse()) {
      await createNotice(db, { title: n.title, link: n.link, date: addDays(today, -n.daysAgo) }, { operatorIdx: null }, now);
    }
  }
  for (const email of ['staff@demo.test', 'coop@demo.test', 'expired@demo.test']) {
    const account = await findAccountByEmail(db, email);
    if (!account) continue;
    const tenantIdx = account.parentIdx ?? account.idx;
    const answered = await db.select({ idx: consentRecords.idx }).from(consentRecords)
      .where(and(eq(consentRecords.tenantIdx, tenantIdx), eq(consentRecords.adminIdx, account.idx), inArray(consentRecords.service, [...MARKETING_CONSENTS]))).limit(1);
    if (answered.length) continue;
    await db.insert(consentRecords).values(MARKETING_CONSENTS.map((service) => ({ tenantIdx, adminIdx: account.idx, service, isAgreed: 'N' as const, createdAt: now })));
  }
}
