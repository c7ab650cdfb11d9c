import type { Clock } from '../../app';

/** The server's clock in the embedded demo: the base clock moved by an offset that PUT /api/dev/clock sets. */
export interface DemoClock extends Clock {
  /** Moves the clock so that it reads `at` now (and runs on from there); null puts it back. */
  moveTo(at: Date | null): void;
}

export function demoClock(base: Clock): DemoClock {
  let offsetMs = 0;
  return {
    now: () => new Date(base.now().getTime() + offsetMs),
    moveTo(at) {
      offsetMs = at ? at.getTime() - base.now().getTime() : 0;
    },
  };
}

export const isDemoClock = (clock: Clock): clock is DemoClock => typeof (clock as Partial<DemoClock>).moveTo === 'function';
