import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../../server/db/client';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server of TEST_DATABASE_URL when the suite runs with API_TEST_DB=postgres (its
 * `url` given, so other processes can open it too).
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (process.env.API_TEST_DB !== 'postgres') return openDatabase({});
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const { Client } = await import('pg');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    /** For a server process started on the same database (server/multiProcess.api.test.ts). */
    url: url.toString(),
    async close() {
      await database.close();
      const c = new Client({ connectionString: adminUrl });
      await c.connect();
      // pool.end() resolves before the server-side backends have gone; forcing the drop while
      // they linger makes the server send those closing clients a FATAL error nobody handles.
      await waitForBackendsToLeave(c, name);
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function waitForBackendsToLeave(client: import('pg').Client, database: string, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = await client.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [database]);
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
