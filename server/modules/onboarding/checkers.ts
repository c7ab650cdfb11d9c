import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../products/service';
import {
  coupons, customers, loungeSettings, nftTemplates, nfts, onboardingCompletions, serviceTermsContacts, stores,
} from '../../db/schema';
import { ONBOARDING_ITEM_KEYS, type OnboardingItemKey, type OnboardingStatuses } from '../../../src/domain/onboarding';

/**
 * Each onboarding item's status, computed from the brand's real settings on every read (issue 27
 * item 1): one checker per item key, an SQL condition that is true when the setting is done. The
 * three button items read the press the brand stored (onboarding_completions). Items whose capability
 * the product does not have yet read the closest table that exists, or are false (docs/api/home.md).
 * All the conditions run as one SELECT of EXISTS sub-queries on tenant-leading keys.
 */
type Checker = (tenantIdx: number) => SQL<boolean>;

const exists = (query: SQL) => sql<boolean>`exists (${query})`;
const never: Checker = () => sql<boolean>`false`;
const pressed = (key: OnboardingItemKey): Checker => (t) =>
  exists(sql`select 1 from ${onboardingCompletions} where ${onboardingCompletions.tenantIdx} = ${t} and ${onboardingCompletions.itemKey} = ${key}`);
const template = (type: 'GUARANTEE' | 'MEMBERSHIP', extra?: SQL): Checker => (t) =>
  exists(sql`select 1 from ${nftTemplates} where ${nftTemplates.tenantIdx} = ${t} and ${nftTemplates.templateType} = ${type} ${extra ? sql`and ${extra}` : sql``} limit 1`);
const issuedFrom = (route: 'cafe24' | 'naver'): Checker => (t) =>
  exists(sql`select 1 from ${nfts} where ${nfts.tenantIdx} = ${t} and ${nfts.requestRoute} = ${route} limit 1`);

export const ONBOARDING_CHECKERS: Record<OnboardingItemKey, Checker> = {
  // basicSettings
  /** The brand lounge was saved once (its settings row exists). */
  lounge: (t) => exists(sql`select 1 from ${loungeSettings} where ${loungeSettings.tenantIdx} = ${t}`),
  /** No messaging-channel link exists in the product yet (spec 3 /b2b/interwork/kakao): false. */
  kakaoChannelInterwork: never,
  personalInfoDelegation: pressed('personalInfoDelegation'),
  kakaoChatMenu: pressed('kakaoChatMenu'),
  /** The contacts the brand's terms name (설정 → 브랜드 설정, PUT service-terms) are saved. */
  brandTermsRegistration: (t) => exists(sql`select 1 from ${serviceTermsContacts} where ${serviceTermsContacts.tenantIdx} = ${t} limit 1`),
  /** The brand's profile its customers see: the lounge's logo is uploaded. */
  profileSetting: (t) => exists(sql`select 1 from ${loungeSettings} where ${loungeSettings.tenantIdx} = ${t} and ${isNotNull(loungeSettings.logo)}`),
  // guarantee
  guaranteeSettings: template('GUARANTEE'),
  /** At least one store (seller) is registered. */
  sellerManagement: (t) => exists(sql`select 1 from ${stores} where ${stores.tenantIdx} = ${t} limit 1`),
  /** A guarantee template takes customers' purchase applications (useUserMinting, the issue-later tab). */
  purchaseVerificationSettings: template('GUARANTEE', sql`${nftTemplates.useUserMinting} = 'Y'`),
  guaranteeNotificationTalk: pressed('guaranteeNotificationTalk'),
  // promotionMembership
  membershipAddition: template('MEMBERSHIP'),
  couponAddition: (t) => exists(sql`select 1 from ${coupons} where ${coupons.tenantIdx} = ${t} limit 1`),
  /** A membership takes customers' applications (useUserMinting on a membership template). */
  membershipApplicationSettings: template('MEMBERSHIP', sql`${nftTemplates.useUserMinting} = 'Y'`),
  /** No membership notification talk exists in the product yet: false. */
  membershipNotificationTalk: never,
  // externalDataInterwork (no shop integration exists yet: the traces of one, else false)
  /** A certificate came in through the first platform's order integration. */
  cafe24OrderInterwork: issuedFrom('cafe24'),
  /** A certificate came in through the second platform's order integration. */
  naverOrderInterwork: issuedFrom('naver'),
  /** A customer is linked to the first platform (customers.has_cafe24_interwork). */
  cafe24CustomerInterwork: (t) => exists(sql`select 1 from ${customers} where ${and(eq(customers.tenantIdx, t), eq(customers.hasCafe24Interwork, 'Y'))} limit 1`),
  /** No point integration exists: false. */
  cafe24PointInterwork: never,
};

/** Every item's status for the tenant, in one query. */
export async function computeStatuses(db: Db, tenantIdx: number): Promise<OnboardingStatuses> {
  const columns = ONBOARDING_ITEM_KEYS.map((key) => sql`${ONBOARDING_CHECKERS[key](tenantIdx)} as ${sql.identifier(key)}`);
  const [row] = rowsOf<Record<string, unknown>>(await db.execute(sql`select ${sql.join(columns, sql`, `)}`));
  return Object.fromEntries(ONBOARDING_ITEM_KEYS.map((key) => [key, row[key] === true || row[key] === 't'])) as OnboardingStatuses;
}
