import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { startPeriodicJob } from './periodic';

describe('startPeriodicJob', () => {
  it('runs once when ready, then every interval, skips a tick while a run is in progress, logs failures and waits for the run on close', async () => {
    vi.useFakeTimers();
    try {
      const app = Fastify();
      const errors: unknown[] = [];
      vi.spyOn(app.log, 'error').mockImplementation((obj: unknown) => void errors.push(obj));
      let release: () => void = () => {};
      let calls = 0;
      const results: number[] = [];
      startPeriodicJob(app, 1000, 'test job', () => {
        calls += 1;
        if (calls === 2 || calls === 4) return new Promise<number>((resolve) => (release = () => resolve(calls)));
        if (calls === 3) return Promise.reject(new Error('boom'));
        return Promise.resolve(calls);
      }, (n) => results.push(n));
      await app.ready();
      expect(calls).toBe(1);
      await vi.advanceTimersByTimeAsync(1000);
      expect(calls).toBe(2);
      // The second run is still in progress: the next tick does not start another.
      await vi.advanceTimersByTimeAsync(1000);
      expect(calls).toBe(2);
      release();
      await vi.advanceTimersByTimeAsync(1000);
      expect(calls).toBe(3);
      expect(results).toEqual([1, 2]);
      await vi.advanceTimersByTimeAsync(0);
      expect(errors).toHaveLength(1);
      // Close waits for the current run, then no tick starts any more.
      await vi.advanceTimersByTimeAsync(1000);
      expect(calls).toBe(4);
      let closed = false;
      const closing = app.close().then(() => (closed = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(closed).toBe(false);
      release();
      await closing;
      await vi.advanceTimersByTimeAsync(5000);
      expect(calls).toBe(4);
      expect(results).toEqual([1, 2, 4]);
    } finally {
      vi.useRealTimers();
    }
  });
});
