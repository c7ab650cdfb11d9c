import type { Db } from '../db/client';
import { operators } from '../db/schema';
import { findOperatorByEmail } from '../modules/ops/operatorSessions';

/** The demo's operators (README "Demo accounts"): one support, one admin, with the demo password. */
export const DEMO_OPERATORS = [
  { email: 'support@ops.demo.test', name: '지원담당', role: 'support' as const, label: '운영자 (지원 담당: 조회만)' },
  { email: 'admin@ops.demo.test', name: '운영관리자', role: 'admin' as const, label: '운영자 (관리자: 운영자 추가, 브랜드 정지)' },
];

/** Each demo operator where it is missing (an older data directory gets them on the next start). */
export async function seedOperators(db: Db, passwordHash: () => Promise<string>, now: Date): Promise<void> {
  let hash: string | undefined;
  for (const o of DEMO_OPERATORS) {
    if (await findOperatorByEmail(db, o.email)) continue;
    hash ??= await passwordHash();
    await db.insert(operators).values({ email: o.email, name: o.name, role: o.role, passwordHash: hash, createdAt: now }).onConflictDoNothing();
  }
}
