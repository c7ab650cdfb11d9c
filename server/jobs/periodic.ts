import type { FastifyInstance } from 'fastify';

/**
 * Runs `run` once when the server is ready, then every `intervalMs` (the timer does not keep the
 * process alive); a run still in progress skips the tick. Failures are logged as `<name> failed`,
 * and close waits for the current run. `onDone` sees each run's answer (e.g. to log what it did).
 */
export function startPeriodicJob<T>(app: FastifyInstance, intervalMs: number, name: string, run: () => Promise<T>, onDone: (result: T) => void): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = run()
      .then(onDone)
      .catch((err: unknown) => app.log.error({ err }, `${name} failed`))
      .finally(() => { running = null; });
  };
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    if (running) await running;
  });
}
