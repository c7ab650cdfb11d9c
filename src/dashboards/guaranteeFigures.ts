import type { NftStatus } from '../domain/guarantee';
import type { GuaranteeDashboard } from './guaranteeDashboardApi';

/** The summary's statuses and the history filter each links to (spec 1 section 4). */
export const DASHBOARD_STATUSES = [1, 3, 9] as const satisfies readonly NftStatus[];
/** Channels shown by name; the rest are summed as 기타 (spec 1 section 9). */
const TOP_CHANNELS = 5;

/** '+12.5%', '-3%', '0%'; '-' when there is nothing to compare with. */
export function formatRate(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || Number.isNaN(rate)) return '-';
  return `${rate > 0 ? '+' : ''}${rate.toLocaleString('ko-KR', { maximumFractionDigits: 1 })}%`;
}
/** Rises in green, falls in red, no change or nothing to compare in grey. */
export const rateColor = (rate: number | null) => (rate === null || rate === 0 ? 'text.secondary' : rate > 0 ? 'success.main' : 'error.main');

/** A date→count map as `points` consecutive buckets in date order (a 30-day month becomes 4 points). */
export function bucket(map: Record<string, number>, points: number): { label: string; count: number }[] {
  const days = Object.keys(map).sort();
  if (days.length <= points) return days.map((d) => ({ label: d.slice(5), count: map[d] ?? 0 }));
  const out: { label: string; count: number }[] = [];
  for (let i = 0; i < points; i++) {
    const from = Math.floor((i * days.length) / points);
    const to = Math.floor(((i + 1) * days.length) / points);
    const slice = days.slice(from, to);
    out.push({ label: `${slice[0]!.slice(5)}~`, count: slice.reduce((a, d) => a + (map[d] ?? 0), 0) });
  }
  return out;
}

/** Channel rows: the top five by count, the rest summed as other. */
export function channelRows(counts: Record<string, number>): { key: string; count: number }[] {
  const sorted = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const top = sorted.slice(0, TOP_CHANNELS).map(([key, count]) => ({ key, count }));
  const rest = sorted.slice(TOP_CHANNELS).reduce((a, [, n]) => a + n, 0);
  return rest > 0 ? [...top, { key: 'other', count: rest }] : top;
}

/** Whether a card has anything to draw; without it the card is an empty card. */
export const hasTrend = (d: GuaranteeDashboard) => Object.values(d.issuedGraph.current).some((n) => n > 0) || Object.values(d.issuedGraph.last).some((n) => n > 0);
export const hasSummary = (d: GuaranteeDashboard) =>
  Object.values(d.issueStatusCount).some((s) => s.count > 0 || s.lastCount > 0) || d.totalPrice.price > 0 || d.totalPrice.lastPrice > 0;
export const hasChannels = (d: GuaranteeDashboard) => Object.values(d.issuedFrom.counts).some((n) => n > 0);
