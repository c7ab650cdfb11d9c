import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { exams, nfts } from '../db/schema';
import { findAccountByEmail } from '../modules/accounts/repository';
import { EXAM_FAILED, EXAM_PASSED, EXAM_PENDING } from '../../src/domain/exam';
import { addDays, seoulToday } from '../../src/domain/seoulDay';

/**
 * The demo brand's inspections (issue 13 item 6): one of each result, the passed one of its first
 * certificate; only where the brand has none yet, so a restart leaves edits alone.
 */
export async function seedExams(db: Db, now: Date): Promise<void> {
  const brand = await findAccountByEmail(db, 'brand@demo.test');
  if (!brand) return;
  const tenantIdx = brand.idx;
  const [existing] = await db.select({ idx: exams.idx }).from(exams).where(eq(exams.tenantIdx, tenantIdx)).limit(1);
  if (existing) return;
  const [nft] = await db.select({ idx: nfts.idx, productName: nfts.productName, ordererName: nfts.ordererName }).from(nfts)
    .where(and(eq(nfts.tenantIdx, tenantIdx), eq(nfts.nftType, 'GUARANTEE'))).orderBy(asc(nfts.idx)).limit(1);
  const today = seoulToday(now);
  await db.insert(exams).values([
    {
      tenantIdx, result: EXAM_PASSED, examKind: 1, productName: nft?.productName ?? '데모 클래식 토트백', nftIdx: nft?.idx ?? null,
      customerName: nft?.ordererName ?? '김데모', grade: 'A', inspector: '박감정', inspectedOn: addDays(today, -2), memo: '정품 확인, 사용감 적음', createdAt: now,
    },
    {
      tenantIdx, result: EXAM_FAILED, examKind: 2, productName: '데모 미니 크로스백', customerName: '이데모', customerPhone: '010-2345-6789',
      grade: 'C', inspector: '박감정', inspectedOn: addDays(today, -1), memo: '스트랩 손상으로 재판매 불가', createdAt: now,
    },
    { tenantIdx, result: EXAM_PENDING, examKind: 1, productName: '데모 레더 지갑', customerName: '최데모', customerPhone: '010-3456-7890', createdAt: now },
  ]);
}
