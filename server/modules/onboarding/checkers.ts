import { isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../products/service';
import {
  coupons, loungeSettings, messageCampaigns, messageChannels, nftTemplates, onboardingCompletions, serviceTermsContacts, shopConnections, stores,
} from '../../db/schema';
import { ONBOARDING_ITEM_KEYS, type OnboardingItemKey, type OnboardingStatuses } from '../../../src/domain/onboarding';

/**
 * Each onboarding item's status, computed from the brand's real settings on every read (issue 27
 * item 1): one checker per item key, an SQL condition that is true when the setting is done. The
 * three button items read the press the brand stored (onboarding_completions). The integration items
 * read the real links: the shop connections (issue 28) and the messaging channel (issue 25); the
 * membership talk an ON automatic message to a membership's holders (docs/api/home.md). All the conditions
 * run as one SELECT of EXISTS sub-queries on tenant-leading keys.
 */
type Checker = (tenantIdx: number) => SQL<boolean>;

const exists = (query: SQL) => sql<boolean>`exists (${query})`;
const pressed = (key: OnboardingItemKey): Checker => (t) =>
  exists(sql`select 1 from ${onboardingCompletions} where ${onboardingCompletions.tenantIdx} = ${t} and ${onboardingCompletions.itemKey} = ${key}`);
const template = (type: 'GUARANTEE' | 'MEMBERSHIP', extra?: SQL): Checker => (t) =>
  exists(sql`select 1 from ${nftTemplates} where ${nftTemplates.tenantIdx} = ${t} and ${nftTemplates.templateType} = ${type} ${extra ? sql`and ${extra}` : sql``} limit 1`);
/**
 * A shop connection that is really connected: status CONNECTED (not RECONNECT, whose token the platform
 * refused, nor DISCONNECTED), optionally with one of its sync settings on (a jsonb boolean).
 */
const connected = (platform: 'cafe24' | 'naver', setting?: 'customerSync' | 'pointSync'): Checker => (t) =>
  exists(sql`select 1 from ${shopConnections} where ${shopConnections.tenantIdx} = ${t} and ${shopConnections.platform} = ${platform}
    and ${shopConnections.status} = 'CONNECTED' ${setting ? sql`and (${shopConnections.settings} -> ${setting}::text) = 'true'::jsonb` : sql``} limit 1`);

export const ONBOARDING_CHECKERS: Record<OnboardingItemKey, Checker> = {
  // basicSettings
  /** The brand lounge was saved once (its settings row exists). */
  lounge: (t) => exists(sql`select 1 from ${loungeSettings} where ${loungeSettings.tenantIdx} = ${t}`),
  /** The Kakao channel is linked: a sender profile key is registered and approved (message_channels, /b2b/interwork/kakao). */
  kakaoChannelInterwork: (t) => exists(sql`select 1 from ${messageChannels} where ${messageChannels.tenantIdx} = ${t}
    and ${isNotNull(messageChannels.senderKey)} and ${messageChannels.kakaoState} = 'APPROVED'`),
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
  /**
   * The brand's members are messaged automatically: an automatic message (issue 25 item 4) that is ON and
   * goes to the holders of a membership (recipient.membershipType EXIST).
   */
  membershipNotificationTalk: (t) => exists(sql`select 1 from ${messageCampaigns} where ${messageCampaigns.tenantIdx} = ${t} and ${messageCampaigns.kind} = 'AUTO'
    and ${messageCampaigns.autoState} = 'ON' and ${messageCampaigns.payload} -> 'recipient' ->> 'membershipType' = 'EXIST' limit 1`),
  // externalDataInterwork (the shop connections, docs/api/integrations.md)
  /** A Cafe24 mall is connected: every live connection syncs its orders (webhook and poll). */
  cafe24OrderInterwork: connected('cafe24'),
  /** A Naver Commerce seller is connected (its orders are polled). */
  naverOrderInterwork: connected('naver'),
  /** A connected Cafe24 mall with the customer integration on (customerSync; /cafe24-customer/init, customer/confirm). */
  cafe24CustomerInterwork: connected('cafe24', 'customerSync'),
  /** A connected Cafe24 mall with the point integration on (pointSync). */
  cafe24PointInterwork: connected('cafe24', 'pointSync'),
};

/** Every item's status for the tenant, in one query. */
export async function computeStatuses(db: Db, tenantIdx: number): Promise<OnboardingStatuses> {
  const columns = ONBOARDING_ITEM_KEYS.map((key) => sql`${ONBOARDING_CHECKERS[key](tenantIdx)} as ${sql.identifier(key)}`);
  const [row] = rowsOf<Record<string, unknown>>(await db.execute(sql`select ${sql.join(columns, sql`, `)}`));
  return Object.fromEntries(ONBOARDING_ITEM_KEYS.map((key) => [key, row[key] === true || row[key] === 't'])) as OnboardingStatuses;
}
