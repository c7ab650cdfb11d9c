/**
 * Calls to a shop platform (Cafe24, Naver Commerce): paced by the platform's leaky bucket and retried
 * with backoff on 429 and 5xx. No token, body or query value ever reaches a log or an error message:
 * a failure names the method, the path without its query, and the status.
 */

export interface BucketLimit {
  /** Calls the bucket holds (Cafe24: 40 per mall). */
  capacity: number;
  /** Calls drained per second (Cafe24: 2). */
  perSecond: number;
}

export interface RetryPolicy {
  baseMs: number;
  maxAttempts: number;
  /** Waits; tests and the bench may pass a clock of their own. */
  sleep?: (ms: number) => Promise<void>;
}

export class PlatformError extends Error {
  constructor(readonly status: number, readonly where: string, readonly kind: 'unavailable' | 'unauthorized' | 'refused', readonly maybeApplied = false) {
    super(`${where} answered ${status}`);
  }
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A leaky bucket mirrored on our side: before a call it waits until one more call fits under the
 * capacity, and each answer's usage header (Cafe24 `X-Api-Call-Limit: used/max`) resets the level to
 * the platform's own count, so calls from another process are counted too. Pacing only: the platform's
 * 429 stays the last word (backoff below).
 */
export class LeakyBucket {
  private level = 0;
  private at: number;
  private chain: Promise<void> = Promise.resolve();
  constructor(private readonly limit: BucketLimit, private readonly sleep: (ms: number) => Promise<void> = realSleep, private readonly now: () => number = Date.now) {
    this.at = now();
  }

  private drain() {
    const t = this.now();
    this.level = Math.max(0, this.level - (Math.max(0, t - this.at) / 1000) * this.limit.perSecond);
    this.at = t;
  }

  /** Takes one call's place, waiting as long as the bucket is full; calls queue in order. */
  take(): Promise<void> {
    const next = this.chain.then(async () => {
      this.drain();
      // Keep one place free for a call of another process between two of our readings.
      const room = this.limit.capacity - 1;
      if (this.level + 1 > room) {
        await this.sleep(Math.ceil(((this.level + 1 - room) / this.limit.perSecond) * 1000));
        this.drain();
      }
      this.level += 1;
    });
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** The platform's own count after a call. */
  observe(used: number) {
    this.drain();
    this.level = used;
  }

  /** After a 429: the bucket is full. */
  full() {
    this.drain();
    this.level = this.limit.capacity;
  }
}

const buckets = new Map<string, LeakyBucket>();
/** One bucket per platform account in this process (Cafe24 counts per mall). */
export function bucketOf(key: string, limit: BucketLimit, sleep?: (ms: number) => Promise<void>): LeakyBucket {
  let b = buckets.get(key);
  if (!b) buckets.set(key, (b = new LeakyBucket(limit, sleep)));
  return b;
}

export interface PlatformResponse<T = unknown> { status: number; body: T; headers: Headers }

export interface CallOptions {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** The usage header to read back into the bucket: `X-Api-Call-Limit` (used/max). */
  usageHeader?: string;
  bucket?: LeakyBucket;
  /**
   * A write that must not run twice: a 5xx or a cut connection may have been applied, so it is not
   * retried here but thrown at once as 'unavailable' with `maybeApplied` (the caller looks before it
   * sends again). 429 is a refusal before anything ran: still retried.
   */
  unsafe?: boolean;
}

/** The delay before retry `attempt` (1-based): the platform's Retry-After when given, else exponential with jitter, at most 30 s. */
export function backoffMs(attempt: number, baseMs: number, retryAfter: string | null): number {
  const seconds = retryAfter !== null && /^\d+(\.\d+)?$/.test(retryAfter.trim()) ? Number(retryAfter) : null;
  if (seconds !== null) return Math.min(seconds * 1000, 60_000);
  const exp = Math.min(baseMs * 2 ** (attempt - 1), 30_000);
  return Math.round(exp / 2 + Math.random() * (exp / 2));
}

/**
 * One call with the bucket and the retries: 429 and 5xx (and a network failure) wait and try again,
 * up to `maxAttempts`; then PlatformError 'unavailable', so the caller keeps its cursor and resumes on
 * the next run. 401 is 'unauthorized' (the caller refreshes its token once); other 4xx 'refused'.
 */
export async function callPlatform<T>(opts: CallOptions, retry: RetryPolicy): Promise<PlatformResponse<T>> {
  const sleep = retry.sleep ?? realSleep;
  const where = `${opts.method} ${new URL(opts.url).pathname}`;
  let lastStatus = 0;
  for (let attempt = 1; attempt <= retry.maxAttempts; attempt++) {
    if (opts.bucket) await opts.bucket.take();
    let res: Response;
    try {
      res = await fetch(opts.url, { method: opts.method, headers: opts.headers, body: opts.body, signal: AbortSignal.timeout(20_000) });
    } catch {
      lastStatus = 0;
      if (opts.unsafe) throw new PlatformError(0, where, 'unavailable', true);
      if (attempt < retry.maxAttempts) await sleep(backoffMs(attempt, retry.baseMs, null));
      continue;
    }
    const usage = opts.usageHeader ? res.headers.get(opts.usageHeader) : null;
    if (opts.bucket && usage && /^\d+\/\d+$/.test(usage)) opts.bucket.observe(Number(usage.split('/')[0]));
    if (res.status === 429 || res.status >= 500) {
      lastStatus = res.status;
      if (res.status === 429) opts.bucket?.full();
      await res.arrayBuffer().catch(() => undefined);
      if (opts.unsafe && res.status !== 429) throw new PlatformError(res.status, where, 'unavailable', true);
      if (attempt < retry.maxAttempts) await sleep(backoffMs(attempt, retry.baseMs, res.headers.get('retry-after')));
      continue;
    }
    const text = await res.text();
    let body: unknown = null;
    try { body = text ? JSON.parse(text) : null; } catch { body = null; }
    if (res.status === 401) throw new PlatformError(401, where, 'unauthorized');
    if (res.status >= 400) throw new PlatformError(res.status, where, 'refused');
    return { status: res.status, body: body as T, headers: res.headers };
  }
  throw new PlatformError(lastStatus, where, 'unavailable');
}
