import { checkLaunch, signLaunch } from './cafe24';
import { backoffMs, LeakyBucket } from './platformHttp';
import { deliveredAtOf } from './ingest';
import { signSecret } from './naver';
import bcrypt from 'bcryptjs';
import { DEFAULT_SETTINGS } from '../../../src/domain/integrations';

const NOW = new Date('2026-11-27T12:00:00Z');
const ts = (d: Date) => Math.floor(d.getTime() / 1000);

describe('the Cafe24 launch HMAC', () => {
  const q = `mall_id=shop1&shop_no=1&timestamp=${ts(NOW)}&user_id=a&user_type=P`;
  it('accepts the query as received, signed with the secret, within ±5 minutes', () => {
    expect(checkLaunch(`/cafe24/init?${signLaunch(q, 's3cret')}`, 's3cret', NOW)).toMatchObject({ ok: true, mallId: 'shop1', shopNo: 1 });
    expect(checkLaunch(`/cafe24/init?${signLaunch(q, 's3cret')}`, 's3cret', new Date(NOW.getTime() + 299_000)).ok).toBe(true);
  });
  it('refuses a tampered, foreign, stale or unsigned launch', () => {
    const signed = signLaunch(q, 's3cret');
    expect(checkLaunch(`/x?${signed.replace('shop1', 'shop2')}`, 's3cret', NOW)).toEqual({ ok: false, reason: 'signature' });
    expect(checkLaunch(`/x?${signed}`, 'other', NOW)).toEqual({ ok: false, reason: 'signature' });
    expect(checkLaunch(`/x?${signed}`, 's3cret', new Date(NOW.getTime() + 301_000))).toEqual({ ok: false, reason: 'stale' });
    expect(checkLaunch(`/x?${signed}`, 's3cret', new Date(NOW.getTime() - 301_000))).toEqual({ ok: false, reason: 'stale' });
    expect(checkLaunch(`/x?${q}`, 's3cret', NOW)).toEqual({ ok: false, reason: 'missing' });
    expect(checkLaunch('/x', 's3cret', NOW)).toEqual({ ok: false, reason: 'missing' });
  });
});

describe('the leaky bucket and the backoff', () => {
  it('lets 39 calls through at once and then paces them at the drain rate', async () => {
    let t = 0;
    const waits: number[] = [];
    const bucket = new LeakyBucket({ capacity: 40, perSecond: 2 }, async (ms) => { waits.push(ms); t += ms; }, () => t);
    for (let i = 0; i < 45; i++) await bucket.take();
    expect(waits.length).toBe(6);
    expect(waits.every((ms) => ms === 500)).toBe(true);
    bucket.observe(40);
    await bucket.take();
    expect(waits.at(-1)).toBe(1000);
  });
  it('doubles with jitter up to 30 s, and follows Retry-After', () => {
    for (let attempt = 1; attempt <= 10; attempt++) {
      const ms = backoffMs(attempt, 1000, null);
      const cap = Math.min(1000 * 2 ** (attempt - 1), 30_000);
      expect(ms).toBeGreaterThanOrEqual(cap / 2);
      expect(ms).toBeLessThanOrEqual(cap);
    }
    expect(backoffMs(1, 1000, '3')).toBe(3000);
  });
});

describe('the delivered date', () => {
  const line = (status: string, extra: Record<string, Date | null> = {}) => ({ status, deliveredAt: null, dispatchedAt: null, updatedAt: NOW, ...extra });
  it('Cafe24: N40 or later; Naver: purchase decided, or dispatch + N days when chosen', () => {
    const s = DEFAULT_SETTINGS;
    expect(deliveredAtOf('cafe24', s, line('DISPATCHED'), NOW)).toBeNull();
    expect(deliveredAtOf('cafe24', s, line('DELIVERED'), NOW)).toEqual(NOW);
    expect(deliveredAtOf('naver', s, line('DISPATCHED', { dispatchedAt: new Date(NOW.getTime() - 10 * 86_400_000) }), NOW)).toBeNull();
    const byDispatch = { ...s, deliveredBy: 'DISPATCHED_PLUS_DAYS' as const, dispatchDays: 3 };
    expect(deliveredAtOf('naver', byDispatch, line('DISPATCHED', { dispatchedAt: new Date(NOW.getTime() - 2 * 86_400_000) }), NOW)).toBeNull();
    expect(deliveredAtOf('naver', byDispatch, line('DISPATCHED', { dispatchedAt: new Date(NOW.getTime() - 3 * 86_400_000) }), NOW)).toEqual(NOW);
    expect(deliveredAtOf('naver', s, line('CANCELED'), NOW)).toBeNull();
  });
});

describe('the Naver secret signature', () => {
  it('is base64 of bcrypt(clientId_timestamp) with the secret as salt', () => {
    const salt = bcrypt.genSaltSync(4);
    const sign = signSecret('app', salt, 1700000000000);
    expect(bcrypt.compareSync('app_1700000000000', Buffer.from(sign, 'base64').toString())).toBe(true);
  });
});
