import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../../tests/helpers/testDb';
import type { Database } from '../db/client';
import { securityCounters } from '../db/schema';
import { failureLimiter } from './failureLimiter';
import { clearCounter, counterKey, countHit, readCounter, sweepEndedCounters, takeTry } from './securityCounters';
import { databaseRateLimitStore, RateLimitCounts } from './rateLimitStore';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const T0 = new Date('2026-11-22T01:00:00Z');
const later = (ms: number) => new Date(T0.getTime() + ms);
let seq = 0;
const newKey = () => `test:${++seq}`;

describe(`security counters in the database (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('counts hits in a window that starts at the first hit, and starts again at 1 once it ended', async () => {
    const key = newKey();
    expect(await countHit(database.db, key, 60_000, T0)).toEqual({ hits: 1, ttlMs: 60_000 });
    expect(await countHit(database.db, key, 60_000, later(1_000))).toEqual({ hits: 2, ttlMs: 59_000 });
    expect(await readCounter(database.db, key, later(2_000))).toEqual({ hits: 2, ttlMs: 58_000 });
    expect(await countHit(database.db, key, 60_000, later(60_000))).toEqual({ hits: 1, ttlMs: 60_000 });
    expect(await readCounter(database.db, key, later(120_000))).toEqual({ hits: 0, ttlMs: 0 });
  });

  it('gives at most max tries of a window to 50 concurrent callers, and all back once cleared', async () => {
    const key = newKey();
    const taken = await Promise.all(Array.from({ length: 50 }, () => takeTry(database.db, key, 10, 60_000, T0)));
    expect(taken.filter(Boolean)).toHaveLength(10);
    expect(await takeTry(database.db, key, 10, 60_000, later(59_999))).toBeNull();
    expect(await takeTry(database.db, key, 10, 60_000, later(60_000))).toEqual({ hits: 1, ttlMs: 60_000 });
    await clearCounter(database.db, key);
    expect(await readCounter(database.db, key, later(60_001))).toEqual({ hits: 0, ttlMs: 0 });
  });

  it('locks a key after max failures, while successes forgive (the sign-in lock)', async () => {
    let now = T0;
    const limiter = failureLimiter(database.db, { name: 'test-lock', max: 3, windowMs: 1_000, now: () => now });
    for (let i = 0; i < 5; i++) {
      expect(await limiter.take('a')).toBe(true);
      await limiter.forgive('a');
    }
    for (let i = 0; i < 3; i++) expect(await limiter.take('a')).toBe(true);
    expect(await limiter.take('a')).toBe(false);
    expect(await limiter.take('b')).toBe(true);
    now = later(1_000);
    expect(await limiter.take('a')).toBe(true);
  });

  it('stores a hash of what names the counter, never the e-mail or IP itself', async () => {
    const key = counterKey('sign-in', '10.0.0.1|someone@example.test');
    expect(key).toMatch(/^sign-in:[A-Za-z0-9_-]{43}$/);
    expect(key).not.toContain('example');
    expect(counterKey('sign-in', '10.0.0.1|other@example.test')).not.toBe(key);
  });

  it('sweeps the rows whose window ended', async () => {
    const [ended, open] = [newKey(), newKey()];
    await countHit(database.db, ended, 1_000, T0);
    await countHit(database.db, open, 60_000, T0);
    await sweepEndedCounters(database.db, later(1_001));
    const left = async (key: string) => (await database.db.select().from(securityCounters).where(eq(securityCounters.key, key))).length;
    expect([await left(ended), await left(open)]).toEqual([0, 1]);
  });

  it("serves @fastify/rate-limit as its store: each route counts apart, and read does not count", async () => {
    const Store = databaseRateLimitStore(new RateLimitCounts(database.db), () => T0);
    const root = new Store({});
    const [signIn, lookup] = [root.child({ routeInfo: { method: 'POST', url: '/sign-in' } } as never), root.child({ routeInfo: { method: 'GET', url: '/lookup' } } as never)];
    const incr = (store: typeof signIn, key: string) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) => store.incr(key, (err, res) => (err ? reject(err) : resolve(res!)), 60_000, 5));
    const ip = `10.9.${seq}.1`;
    expect(await incr(signIn, ip)).toEqual({ current: 1, ttl: 60_000 });
    expect(await incr(signIn, ip)).toEqual({ current: 2, ttl: 60_000 });
    expect(await incr(lookup, ip)).toEqual({ current: 1, ttl: 60_000 });
    const read = await new Promise((resolve) => (signIn as unknown as { read: (k: string, cb: (e: unknown, r: unknown) => void) => void }).read(ip, (_e, r) => resolve(r)));
    expect(read).toEqual({ current: 2, ttl: 60_000 });
  });
  it('remembers a key the database found over its limit, refusing it without asking again until the window ends', async () => {
    let clock = T0;
    const Store = databaseRateLimitStore(new RateLimitCounts(database.db), () => clock);
    const upload = new Store({}).child({ routeInfo: { method: 'PUT', url: '/upload' } } as never);
    const incr = (key: string) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) => upload.incr(key, (err, res) => (err ? reject(err) : resolve(res!)), 60_000, 2));
    const ip = `10.8.${++seq}.1`;
    const hitsInDatabase = async () => (await readCounter(database.db, counterKey('rl', 'PUT /upload', ip), clock)).hits;
    for (let i = 1; i <= 3; i++) expect((await incr(ip)).current).toBe(i);
    clock = later(10_000);
    expect(await incr(ip)).toEqual({ current: 3, ttl: 50_000 });
    expect(await hitsInDatabase()).toBe(3);
    clock = later(60_000);
    expect(await incr(ip)).toEqual({ current: 1, ttl: 60_000 });
    expect(await hitsInDatabase()).toBe(1);
  });
});
