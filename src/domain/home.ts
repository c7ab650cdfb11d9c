import type { AdminType } from './access';

/** Home's rules beside the onboarding checklist (spec 1 sections 2.2, 2.5, 4 and 9; issue 27 item 2). */

/** At this width and wider home lays its cards out in two columns (spec 1 section 9: home layout breakpoint 1501). */
export const HOME_WIDE_MIN = 1501;

/** The marketing banner and the consent modal are not for the service partners (spec 1 sections 2.5 and 6). */
export const isServicePartner = (adminType: AdminType) => adminType === 'repairer' || adminType === 'launderer';
export const showsMarketingBanner = (adminType: AdminType) => !isServicePartner(adminType);

/** The blog carousel's 6 fixed entries (spec 1 section 2.5). */
export interface BlogEntry { key: string; url: string }
export const BLOG_ENTRIES: readonly BlogEntry[] = [
  { key: 'digitalGuarantee', url: 'https://blog.partner-console.example/digital-guarantee' },
  { key: 'membershipRetention', url: 'https://blog.partner-console.example/membership-retention' },
  { key: 'customerData', url: 'https://blog.partner-console.example/customer-data' },
  { key: 'alimtalkTips', url: 'https://blog.partner-console.example/alimtalk-tips' },
  { key: 'afterService', url: 'https://blog.partner-console.example/after-service' },
  { key: 'brandLounge', url: 'https://blog.partner-console.example/brand-lounge' },
];

/**
 * Slides in view (spec 1 section 9): 2.1 by default, 1.5 at widths up to 1100, 1.2 below that; "below
 * that" is taken as below the design's 960 breakpoint (the spec gives no second width).
 */
export const BLOG_MEDIUM_MAX = 1100;
export const BLOG_NARROW_MAX = 959;
export function blogSlidesPerView(width: number): number {
  if (width > BLOG_MEDIUM_MAX) return 2.1;
  return width > BLOG_NARROW_MAX ? 1.5 : 1.2;
}

/**
 * The marketing-consent modal (spec 1 section 4): shown on home to brand accounts (not repairer or
 * launderer) that have no answer yet for the two optional consents. 'Agree' needs one checked at
 * least; 'Don't show again' records both as N.
 */
export const MARKETING_CONSENTS = ['PROMOTION', 'MARKETING'] as const;
export type MarketingConsent = (typeof MARKETING_CONSENTS)[number];

export function needsMarketingConsent(adminType: AdminType, answered: readonly { service: string }[]): boolean {
  if (isServicePartner(adminType)) return false;
  return !answered.some((a) => (MARKETING_CONSENTS as readonly string[]).includes(a.service));
}

export type ConsentAnswer = { service: MarketingConsent; isAgreed: 'Y' | 'N' };
/** The answers 'Agree' sends, or null when nothing is checked (the modal then asks for one). */
export function agreeAnswers(checked: readonly MarketingConsent[]): ConsentAnswer[] | null {
  if (!checked.length) return null;
  return MARKETING_CONSENTS.map((service) => ({ service, isAgreed: checked.includes(service) ? 'Y' : 'N' }));
}
export const declineAllAnswers = (): ConsentAnswer[] => MARKETING_CONSENTS.map((service) => ({ service, isAgreed: 'N' }));

/**
 * The consignment-notice flag (spec 1 section 2.2): an account the platform flagged (it must read the
 * changed notice on the consignment of personal data) is sent to /auth/profile once; the visit clears
 * the flag. Returns the path to send the user to, or null.
 */
export const CONSIGNMENT_NOTICE_PATH = '/auth/profile';
export function consignmentRedirect(flagged: boolean, path: string): string | null {
  return flagged && path !== CONSIGNMENT_NOTICE_PATH ? CONSIGNMENT_NOTICE_PATH : null;
}
