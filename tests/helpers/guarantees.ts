import { and, desc, eq } from 'drizzle-orm';
import type { TestApp } from './testApp';
import { as, confirmedBrand, uniqueEmail } from './accounts';
import { brands, messageOutbox, nfts, partnerships } from '../../server/db/schema';
import { digitsOnly } from '../../src/domain/patterns';
import { findAccountByEmail } from '../../server/modules/accounts/repository';
import { newPublicToken } from '../../server/modules/certificates/url';

export const NFT_URL = '/api/v1/admin/nft';
export type Call = ReturnType<typeof as>;

/** A fresh brand-type tenant on its trial (GUARANTEE in use), signed in. */
export async function guaranteeTenant(t: TestApp, opts: { cooperator?: boolean } = {}) {
  const brand = await confirmedBrand(t, { email: uniqueEmail('nft') });
  const tenantIdx = (await findAccountByEmail(t.database.db, brand.email))!.idx;
  if (opts.cooperator) await t.database.db.update(partnerships).set({ b2bType: 'cooperator' }).where(eq(partnerships.idx, tenantIdx));
  const [own] = await t.database.db.select().from(brands).where(eq(brands.tenantIdx, tenantIdx));
  return { call: as(t, brand.token), tenantIdx, brandIdx: own.idx, brandName: own.name, email: brand.email };
}

/** A certificate written directly with the given status (the state machine's starting point in tests). */
export async function insertNft(t: TestApp, tenantIdx: number, nftStatus: number, extra: Partial<typeof nfts.$inferInsert> = {}) {
  const [row] = await t.database.db.insert(nfts).values({
    tenantIdx, nftNumber: `T-${Math.random().toString(36).slice(2, 10)}`, nftStatus, ordererName: '홍길동', ordererTel: '01012345678',
    productName: '테스트 상품', publicToken: newPublicToken(), createdAt: t.clock.now(), updatedAt: t.clock.now(), ...extra,
  }).returning();
  return row;
}

export async function nftRow(t: TestApp, tenantIdx: number, idx: number) {
  const [row] = await t.database.db.select().from(nfts).where(and(eq(nfts.tenantIdx, tenantIdx), eq(nfts.idx, idx)));
  return row;
}

/**
 * The local provider's messages to a phone, newest first, read from its message_outbox table: the
 * /api/dev/messages route exists only in the embedded demo (server/modules/dev/demoOnly.ts).
 */
export async function messagesTo(t: TestApp, phone: string) {
  const rows = await t.database.db.select().from(messageOutbox)
    .where(eq(messageOutbox.phone, digitsOnly(phone))).orderBy(desc(messageOutbox.createdAt), desc(messageOutbox.idx));
  return rows as { templateCode: string; channel: string; phone: string; countryCode: string; variables: Record<string, string>; refType: string; refIdx: number }[];
}
