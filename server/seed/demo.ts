import { seedWaiting } from './waiting';
import { seedReservation } from './reservation';
import type { Db } from '../db/client';
import { consentRecords, partnerships, serviceTermsContacts } from '../db/schema';
import { FEATURES, trialEndFor } from '../../src/domain/plans';
import { hashPassword } from '../modules/accounts/passwords';
import { findAccountByEmail, insertMainAccount } from '../modules/accounts/repository';
import { DEFAULT_FEATURES, setUpBrandTenant } from '../modules/accounts/tenant';
import { ensureReferenceData } from './reference';
import { seedOperators } from './operators';
import { seedGuarantees } from './guarantees';
import { seedMemberships } from './memberships';
import { seedExams } from './exams';
import { seedAfterService } from './afterService';
import { seedCustomers } from './customers';
import { seedMessages } from './messages';
import { seedHomeDemo } from './home';
import type { Storage } from '../providers/storage';
import { COOP_CATALOGUE, DEMO_CATALOGUE, EXPIRED_CATALOGUE, OTHER_CATALOGUE, seedCatalogue } from './catalogue';

export const DEMO_PASSWORD = 'demo1234!';

/** The logins printed at start-up. other@demo.test exists too, unprinted, to show tenant isolation. */
export const DEMO_ACCOUNTS: { email: string; label: string }[] = [
  { email: 'brand@demo.test', label: '브랜드 관리자 (데모브랜드, Pro 구독)' },
  { email: 'staff@demo.test', label: '데모브랜드 하위 계정' },
  { email: 'repair@demo.test', label: '수선 파트너 (데모수선)' },
  { email: 'laundry@demo.test', label: '세탁 파트너 (데모세탁)' },
  { email: 'coop@demo.test', label: '멀티 브랜드 편집숍 (데모편집숍, 브랜드 3개, Pro 구독)' },
  { email: 'expired@demo.test', label: '체험 기간 종료 브랜드 (체험종료브랜드, 발행 불가)' },
];

const DAY_MS = 24 * 60 * 60 * 1000;
const YEAR_MS = 365 * DAY_MS;

/** Business numbers with a valid check digit (patterns.ts isValidBusinessNumber). */
const BUSINESS_NUMBERS = {
  brand: '1208123456', repair: '2208123455', laundry: '3208123454', other: '4208123453', coop: '5208123452', expired: '6208123451',
};

type Tx = Db;

async function brandTenant(
  tx: Tx,
  a: {
    email: string; companyName: string; brandName: string; phoneNum: string; businessNum: string; passwordHash: string; now: Date; creditBalance: number;
    b2bType?: 'brand' | 'cooperator';
    /** A 14-day trial that started this many days before `now` (default: a year of PRO, not a trial). */
    trialStartedDaysAgo?: number;
  },
): Promise<number> {
  const account = await insertMainAccount(tx, {
    adminType: 'b2b', b2bType: a.b2bType ?? 'brand', email: a.email, passwordHash: a.passwordHash, companyName: a.companyName,
    phoneNum: a.phoneNum, businessNum: a.businessNum, emailConfirmedAt: a.now, createdAt: a.now, updatedAt: a.now,
  });
  const trialStart = a.trialStartedDaysAgo === undefined ? null : new Date(a.now.getTime() - a.trialStartedDaysAgo * DAY_MS);
  await setUpBrandTenant(tx, trialStart
    ? {
      tenantIdx: account.idx, brandName: a.brandName, planGroup: 'PRO', startDate: trialStart,
      endDate: trialEndFor(trialStart), isTrial: true, features: DEFAULT_FEATURES, creditBalance: a.creditBalance,
    }
    : {
      tenantIdx: account.idx, brandName: a.brandName, planGroup: 'PRO', startDate: a.now,
      endDate: new Date(a.now.getTime() + YEAR_MS), isTrial: false, features: FEATURES, creditBalance: a.creditBalance,
    });
  return account.idx;
}

async function subAccount(tx: Tx, tenantIdx: number, a: { email: string; companyName: string; phoneNum: string; passwordHash: string; now: Date }) {
  await tx.insert(partnerships).values({
    parentIdx: tenantIdx, adminType: 'b2b', b2bType: 'brand', email: a.email, passwordHash: a.passwordHash,
    companyName: a.companyName, phoneNum: a.phoneNum, emailConfirmedAt: a.now, createdAt: a.now, updatedAt: a.now,
  });
}

async function partner(tx: Tx, a: { adminType: 'repairer' | 'launderer'; email: string; companyName: string; phoneNum: string; businessNum: string; passwordHash: string; now: Date }) {
  await insertMainAccount(tx, {
    adminType: a.adminType, b2bType: null, email: a.email, passwordHash: a.passwordHash, companyName: a.companyName,
    phoneNum: a.phoneNum, businessNum: a.businessNum, emailConfirmedAt: a.now, createdAt: a.now, updatedAt: a.now,
  });
}

/**
 * The demo data set (docs/api-contract.md, Demo). Idempotent: returns false when brand@demo.test
 * already exists. The password is hashed once for every account, to keep start-up fast. Product
 * pictures go to `storage`, the app's own, so they are served like uploaded images.
 */
export async function seedDemo(db: Db, storage: Storage, now: Date = new Date()): Promise<boolean> {
  await ensureReferenceData(db);
  const existing = await findAccountByEmail(db, 'brand@demo.test');
  if (existing) {
    await seedLaterAccounts(db, now);
    await seedOperators(db, () => hashPassword(DEMO_PASSWORD), now);
    await seedDemoCatalogues(db, storage, now);
    await seedMessages(db, now);
    await seedHomeDemo(db, now);
    return false;
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const common = { passwordHash, now };

  await db.transaction(async (tx) => {
    const brandIdx = await brandTenant(tx, {
      ...common, email: 'brand@demo.test', companyName: '주식회사 데모', brandName: '데모브랜드',
      phoneNum: '01012345678', businessNum: BUSINESS_NUMBERS.brand, creditBalance: 125_000,
    });
    await tx.insert(serviceTermsContacts).values([
      { tenantIdx: brandIdx, role: 'settlement', email: 'settlement@demo.test', phone: '0212345678', position: '재무팀 매니저', name: '김정산' },
      { tenantIdx: brandIdx, role: 'report', email: 'report@demo.test', phone: '0212345679', position: '운영팀 매니저', name: '이신고' },
      { tenantIdx: brandIdx, role: 'as', email: 'cs@demo.test', phone: '15771234', position: 'CS팀 팀장', name: '박수선' },
      { tenantIdx: brandIdx, role: 'privacyOfficer', email: 'privacy@demo.test', phone: '0212345670', position: '개인정보 보호책임자 (CISO)', name: '최보안' },
      { tenantIdx: brandIdx, role: 'privacyTeam', email: 'privacy-team@demo.test', phone: '0212345671', position: '정보보호팀', name: '' },
    ]);
    await tx.insert(consentRecords).values(
      (['SERVICE_USAGE', 'PERSONAL_INFORMATION', 'PROMOTION', 'MARKETING'] as const).map((service) => ({
        tenantIdx: brandIdx, adminIdx: brandIdx, service, isAgreed: service === 'MARKETING' ? ('N' as const) : ('Y' as const), createdAt: now,
      })),
    );
    await subAccount(tx, brandIdx, { ...common, email: 'staff@demo.test', companyName: '김직원', phoneNum: '01023456789' });
    await partner(tx, { ...common, adminType: 'repairer', email: 'repair@demo.test', companyName: '데모수선', phoneNum: '01034567890', businessNum: BUSINESS_NUMBERS.repair });
    await partner(tx, { ...common, adminType: 'launderer', email: 'laundry@demo.test', companyName: '데모세탁', phoneNum: '01045678901', businessNum: BUSINESS_NUMBERS.laundry });

    const otherIdx = await brandTenant(tx, {
      ...common, email: 'other@demo.test', companyName: '주식회사 다른브랜드', brandName: '다른브랜드',
      phoneNum: '01056789012', businessNum: BUSINESS_NUMBERS.other, creditBalance: 30_000,
    });
    await subAccount(tx, otherIdx, { ...common, email: 'other-staff@demo.test', companyName: '이직원', phoneNum: '01067890123' });
  });
  await seedLaterAccounts(db, now, passwordHash);
  await seedOperators(db, async () => passwordHash, now);
  await seedDemoCatalogues(db, storage, now);
  await seedHomeDemo(db, now);
  return true;
}

/**
 * Accounts added to the demo after its first release, each created where it is missing, so an
 * older data directory gets them on the next start: the multi-brand shop and the ended trial.
 */
async function seedLaterAccounts(db: Db, now: Date, hash?: string): Promise<void> {
  const missingCoop = !(await findAccountByEmail(db, 'coop@demo.test'));
  const missingExpired = !(await findAccountByEmail(db, 'expired@demo.test'));
  if (!missingCoop && !missingExpired) return;
  const common = { passwordHash: hash ?? (await hashPassword(DEMO_PASSWORD)), now };
  await db.transaction(async (tx) => {
    if (missingCoop) {
      await brandTenant(tx, {
        ...common, email: 'coop@demo.test', b2bType: 'cooperator', companyName: '데모편집숍', brandName: '노르딕레더',
        phoneNum: '01078901234', businessNum: BUSINESS_NUMBERS.coop, creditBalance: 80_000,
      });
    }
    if (missingExpired) {
      await brandTenant(tx, {
        ...common, email: 'expired@demo.test', companyName: '주식회사 체험종료', brandName: '체험종료브랜드',
        phoneNum: '01089012345', businessNum: BUSINESS_NUMBERS.expired, creditBalance: 0, trialStartedDaysAgo: 20,
      });
    }
  });
}

/** Products, stores and brand names of both demo brands, guarantees, customers, the demo membership, inspections and the A/S partner links; each part only where it is missing. */
async function seedDemoCatalogues(db: Db, storage: Storage, now: Date): Promise<void> {
  const brand = await findAccountByEmail(db, 'brand@demo.test');
  const other = await findAccountByEmail(db, 'other@demo.test');
  if (brand) await seedCatalogue(db, storage, brand.idx, DEMO_CATALOGUE, now);
  if (other) await seedCatalogue(db, storage, other.idx, OTHER_CATALOGUE, now);
  const coop = await findAccountByEmail(db, 'coop@demo.test');
  const expired = await findAccountByEmail(db, 'expired@demo.test');
  if (coop) await seedCatalogue(db, storage, coop.idx, COOP_CATALOGUE, now);
  if (expired) await seedCatalogue(db, storage, expired.idx, EXPIRED_CATALOGUE, now);
  await seedGuarantees(db, now);
  await seedCustomers(db, now);
  await seedMessages(db, now);
  await seedMemberships(db, now);
  await seedExams(db, now);
  await seedAfterService(db, now);
  await seedWaiting(db, now);
  await seedReservation(db, now);
}
