import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * One factory, two drivers: node-postgres when a URL is given, otherwise the embedded PGlite
 * (in memory when dataDir is omitted; starting from a `dumpDataDir` tar with loadDataDir, as the
 * API tests clone their template). Migrations are applied before the handle is returned.
 */
export async function openDatabase(opts: { url?: string; dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  if (opts.url) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: opts.url, max: 10 });
    const db = drizzle(pool, { schema });
    // Several server processes may start at once on one database (a deployment): one applies the
    // migrations under a session advisory lock, the others wait for it and find them applied.
    const client = await pool.connect();
    let failed: Error | undefined;
    try {
      await client.query(`SELECT pg_advisory_lock(hashtext('partner console migrations'))`);
      await migrate(drizzle(client, { schema }), { migrationsFolder });
      await client.query(`SELECT pg_advisory_unlock(hashtext('partner console migrations'))`);
    } catch (err) {
      failed = err as Error;
      throw err;
    } finally {
      // A connection that failed is destroyed, not reused: its session (and the lock) ends with it.
      client.release(failed);
    }
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // pg_trgm backs the products contains-search indexes (migration 0002 runs CREATE EXTENSION).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = new PGlite({ ...(opts.dataDir ? { dataDir: opts.dataDir } : {}), ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}), extensions: { pg_trgm } });
  await client.waitReady;
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
