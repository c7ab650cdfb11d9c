import { mapConcurrent } from './concurrency';

describe('mapConcurrent', () => {
  it('keeps at most `limit` tasks in flight, starts items in order and runs each once', async () => {
    let inFlight = 0;
    let most = 0;
    const started: number[] = [];
    await mapConcurrent([5, 1, 4, 2, 3], 2, async (ms, i) => {
      started.push(i);
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, ms));
      inFlight--;
    });
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  it('rejects with the first failure after the started tasks settle, and starts no item after it', async () => {
    const started: number[] = [];
    let settled = 0;
    const run = mapConcurrent([0, 1, 2, 3], 2, async (_, i) => {
      started.push(i);
      await Promise.resolve();
      if (i === 0) throw new Error('first');
      await new Promise((r) => setTimeout(r, 5));
      settled++;
    });
    await expect(run).rejects.toThrow('first');
    expect(started).toEqual([0, 1]);
    expect(settled).toBe(1);
  });

  it('an empty list resolves at once', async () => {
    const task = vi.fn(async () => undefined);
    await mapConcurrent([], 3, task);
    expect(task).not.toHaveBeenCalled();
  });
});
