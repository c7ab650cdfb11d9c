import { clock } from '../providers/session';

/** The console's current time: the shared clock, which end-to-end tests move with page.clock. */
export const currentTime = () => new Date(clock.now());
