import type { Partnership } from '../domain/identity';
import { MSG } from '../domain/messages';
import { SUBSCRIPTION_BANNER_DAYS } from './shellConfig';

export interface SubscriptionBanner {
  text: string;
  /** 'ended' banners ask for action; the others only inform. */
  tone: 'info' | 'ended';
}

type BannerSource = Pick<Partnership, 'adminType' | 'subscriptionState' | 'daysLeft'>;

/**
 * The header banner of spec 1 sections 2.3 and 4: the days left of a trial ('ends tomorrow' at 0),
 * the last week of a paid plan, or the end of either. None for repairer, launderer, enterprise
 * or an account that never subscribed. State and days left are the server's, at its clock (issue 23 item 11).
 */
export function subscriptionBannerFor(p: BannerSource): SubscriptionBanner | null {
  if (p.adminType !== 'b2b') return null;
  const left = p.daysLeft;
  switch (p.subscriptionState) {
    case 'TRIAL':
      if (left === null) return null;
      return { tone: 'info', text: left === 0 ? MSG.trialBannerTomorrow : MSG.trialBannerDays(left) };
    case 'CHARGED':
      if (left === null || left > SUBSCRIPTION_BANNER_DAYS) return null;
      return { tone: 'info', text: left === 0 ? MSG.subscriptionBannerTomorrow : MSG.subscriptionBannerDays(left) };
    case 'TRIAL_FINISHED':
      return { tone: 'ended', text: MSG.trialFinishedBanner };
    case 'CHARGED_PLAN_FINISHED':
      return { tone: 'ended', text: MSG.subscriptionFinishedBanner };
    default:
      return null;
  }
}
