import type { Config } from './config';
import type { Db } from './db/client';
import { DEMO_ACCOUNTS } from './seed/demo';
import { findAccountByEmail } from './modules/accounts/repository';

export interface StartupPlan {
  /** Seed and keep the demo brand: the embedded database always, PostgreSQL only with --demo. */
  demo: boolean;
  host: string;
}

/**
 * How this process starts. The demo's accounts have a password printed in the README, so a demo
 * listens on loopback unless HOST says otherwise: `npm start` on a cloud machine publishes nothing.
 */
export function startupPlan(config: Pick<Config, 'databaseUrl' | 'host'>, argv: readonly string[]): StartupPlan {
  const demo = !config.databaseUrl || argv.includes('--demo');
  return { demo, host: config.host ?? (demo ? '127.0.0.1' : '0.0.0.0') };
}

/**
 * A deployment without --demo never runs with the demo accounts (public password): a PostgreSQL
 * database once started with --demo is refused until it is replaced or started as a demo again.
 */
export async function refuseDemoAccounts(db: Db): Promise<void> {
  for (const { email } of DEMO_ACCOUNTS) {
    if (await findAccountByEmail(db, email)) {
      throw new Error(`This database holds the demo account ${email}, whose password is public. Start with --demo to run the demo, or use a database without the demo data.`);
    }
  }
}
