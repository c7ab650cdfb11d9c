import { and, eq } from 'drizzle-orm';
import type { AsStatus, AsType } from '../../../src/domain/afterService';
import { asPartnerLinks, asRequestEvents, asRequests, messageOutbox, uploads } from '../../db/schema';
import { sessionOf, uniqueEmail, validBusinessNumber } from '../../../tests/helpers/accounts';
import { insertNft } from '../../../tests/helpers/guarantees';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { findAccountByEmail, insertMainAccount } from '../accounts/repository';

/**
 * The after-service API tests' world, on the demo data (createTestApp({ demo: true })): brand A
 * (brand@demo.test, its sub-account staff@demo.test) and brand B (other@demo.test); A's repair partner
 * repair@demo.test, B's repair partner a second repairer made here, and laundry@demo.test serving
 * both brands. Requests are inserted directly (the intake is another slice's), routed as the intake
 * routes them: to the brand's active partner of the kind, linked in as_partner_links.
 */

export type Session = Awaited<ReturnType<typeof sessionOf>> & { adminIdx: number };

async function session(t: TestApp, email: string): Promise<Session> {
  const s = await sessionOf(t, email);
  return { ...s, adminIdx: (await findAccountByEmail(t.database.db, email))!.idx };
}

export async function asWorld(t: TestApp) {
  const db = t.database.db;
  const now = t.clock.now();
  const repair2Email = uniqueEmail('repair2');
  await insertMainAccount(db, {
    adminType: 'repairer', b2bType: null, email: repair2Email, passwordHash: 'x', companyName: '다른수선', phoneNum: '01011112222',
    businessNum: validBusinessNumber(), emailConfirmedAt: now, createdAt: now, updatedAt: now,
  });
  const [brandA, staffA, brandB, repair, repair2, laundry] = await Promise.all(
    ['brand@demo.test', 'staff@demo.test', 'other@demo.test', 'repair@demo.test', repair2Email, 'laundry@demo.test'].map((email) => session(t, email)),
  );
  // The demo seed already links brand A to repair@ and laundry@ (server/seed/afterService.ts).
  const link = (tenantIdx: number, type: AsType, partnerIdx: number) =>
    db.insert(asPartnerLinks).values({ tenantIdx, type, partnerIdx, status: 'active', invitedBy: tenantIdx, createdAt: now, acceptedAt: now }).onConflictDoNothing();
  await link(brandA.tenantIdx, 'repair', repair.tenantIdx);
  await link(brandA.tenantIdx, 'laundry', laundry.tenantIdx);
  await link(brandB.tenantIdx, 'repair', repair2.tenantIdx);
  await link(brandB.tenantIdx, 'laundry', laundry.tenantIdx);
  const partnerOf = async (tenantIdx: number, type: AsType) => (await db.select({ partnerIdx: asPartnerLinks.partnerIdx }).from(asPartnerLinks)
    .where(and(eq(asPartnerLinks.tenantIdx, tenantIdx), eq(asPartnerLinks.type, type), eq(asPartnerLinks.status, 'active'))))[0]?.partnerIdx ?? null;
  return { brandA, staffA, brandB, repair, repair2, laundry, partnerOf };
}
export type AsWorld = Awaited<ReturnType<typeof asWorld>>;

/** A demo app and its A/S world for the whole file, closed after it: `ready` receives them once made. */
export function asWorldPerFile(ready: (t: TestApp, w: AsWorld) => void): void {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ demo: true });
    ready(app, await asWorld(app));
  });
  afterAll(() => app.close());
}

let phoneCounter = 0;

/**
 * A request of a brand in a status, on a fresh certificate whose orderer has a phone of its own (so
 * its 알림톡 can be counted); routed to the brand's active partner unless `routed: false`.
 */
export async function insertRequest(
  t: TestApp, world: AsWorld, o: { tenantIdx: number; type?: AsType; status?: AsStatus; routed?: boolean; customerName?: string; productName?: string; optionIdx?: number },
) {
  const type = o.type ?? 'repair';
  const phone = `0109${String(++phoneCounter).padStart(3, '0')}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;
  const nft = await insertNft(t, o.tenantIdx, 3, { ordererTel: phone, productName: o.productName ?? '가죽 가방' });
  const partnerIdx = o.routed === false ? null : await world.partnerOf(o.tenantIdx, type);
  const [row] = await t.database.db.insert(asRequests).values({
    tenantIdx: o.tenantIdx, type, status: o.status ?? 'request', partnerIdx, nftIdx: nft.idx, nftNumber: nft.nftNumber, productName: nft.productName,
    customerName: o.customerName ?? '홍길동', requestMessage: '손잡이가 떨어졌어요', receiverName: '홍길동', receiverPhone: '01012345678',
    receiverZipCode: '06236', receiverAddress1: '서울 강남구 테헤란로 1', optionIdx: o.optionIdx ?? null, createdBy: o.tenantIdx,
    createdAt: t.clock.now(), updatedAt: t.clock.now(),
  }).returning();
  return { ...row, phone };
}

export async function requestRow(t: TestApp, idx: number) {
  const [row] = await t.database.db.select().from(asRequests).where(eq(asRequests.idx, idx));
  return row;
}

export const eventsOf = (t: TestApp, idx: number) => t.database.db.select().from(asRequestEvents).where(eq(asRequestEvents.requestIdx, idx)).orderBy(asRequestEvents.idx);

export const noticesOf = (t: TestApp, idx: number) =>
  t.database.db.select().from(messageOutbox).where(and(eq(messageOutbox.refType, 'as_request'), eq(messageOutbox.refIdx, idx))).orderBy(messageOutbox.idx);

/** A ready (or pending) upload of a tenant, as the signed upload leaves it once confirmed. */
export async function insertUpload(t: TestApp, tenantIdx: number, status: 'ready' | 'pending' = 'ready') {
  const path = `${tenantIdx}/${Math.random().toString(36).slice(2).padEnd(12, 'x')}${Math.random().toString(36).slice(2).padEnd(12, 'y')}.png`;
  await t.database.db.insert(uploads).values({ tenantIdx, path, status, contentType: 'image/png', size: 10, createdBy: tenantIdx, createdAt: t.clock.now() });
  return path;
}
