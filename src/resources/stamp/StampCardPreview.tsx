import { STAMP_GOAL_MAX } from '../../domain/stamp';
import { LoungeTheme } from '../../lounge/look/LoungeTheme';
import { StampCard } from '../../lounge/look/StampCard';

/** How many stamps a preview card shows: two, short of the reward. */
export const sampleStampCount = (goal: number) => Math.max(0, Math.min(2, goal - 1));

/**
 * A stamp card in the console drawn by the lounge's own component and theme (issue 23 item 7), so
 * the setting preview and the customer detail show what the customer's lounge shows.
 */
export function StampCardPreview({ goal, count, couponTitle, description, label }: { goal: number; count: number; couponTitle: string | null; description?: string; label?: string }) {
  const slots = Number.isInteger(goal) && goal > 0 ? Math.min(goal, STAMP_GOAL_MAX) : 0;
  const card = { goal: slots, count: Math.min(count, slots), rewardCouponTitle: couponTitle, description: description ?? '' };
  return <LoungeTheme><StampCard card={card} label={label} /></LoungeTheme>;
}
