import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { ensureReferenceData } from '../../server/seed/reference';
import { seedDemo } from '../../server/seed/demo';
import { localDiskStorage } from '../../server/providers/storage';

/** What a test database starts with: the reference data (plans), or that plus the demo tenants. */
export type Seed = 'plain' | 'demo';
const SEEDS: Seed[] = ['plain', 'demo'];

/** The instant the demo tenants are seeded at: the start of every test clock. */
export const TEST_START = new Date('2026-11-22T01:00:00Z');

/**
 * The migrated, seeded databases an API project clones for each test file, built once per run by
 * tests/setup/apiDatabase.ts: a PGlite data directory dump (a tar file) each, or a template database
 * each on the PostgreSQL server. `demoFiles` holds the pictures the demo seed stored (a DATA_DIR's `uploads`).
 */
export type Templates =
  | { kind: 'pglite'; dumps: Record<Seed, string>; demoFiles: string }
  | { kind: 'postgres'; adminUrl: string; databases: Record<Seed, string>; demoFiles: string };

declare module 'vitest' {
  export interface ProvidedContext {
    apiTemplates: Templates;
  }
}

/**
 * A fresh database for one test file, cloned from the run's template (no migrations to run): an
 * in-memory PGlite loaded from the template's dump by default, or `CREATE DATABASE … TEMPLATE` on
 * the PostgreSQL server when the suite runs with API_TEST_DB=postgres. In memory, not a copied data
 * directory: the copy opens faster (~1.3 s against ~2 s) but a write-heavy test ran half as fast on it.
 */
export async function createTestDatabase(seed: Seed = 'plain'): Promise<Database & { url?: string }> {
  const templates = inject('apiTemplates');
  if (templates.kind === 'pglite') return openDatabase({ loadDataDir: new Blob([fs.readFileSync(templates.dumps[seed])]) });
  const name = `t_${randomBytes(6).toString('hex')}`;
  await withClient(templates.adminUrl, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${templates.databases[seed]}`));
  const database = await openDatabase({ url: databaseUrl(templates.adminUrl, name) });
  return {
    ...database,
    /** For a server process started on the same database (server/multiProcess.api.test.ts). */
    url: databaseUrl(templates.adminUrl, name),
    async close() {
      await database.close();
      await dropDatabase(templates.adminUrl, name);
    },
  };
}

/** Copies the demo seed's stored pictures into a DATA_DIR whose database was cloned from the demo template. */
export function copyDemoFiles(dataDir: string): void {
  fs.cpSync(inject('apiTemplates').demoFiles, path.join(dataDir, 'uploads'), { recursive: true });
}

/**
 * Builds the templates of one API project under `root` (globalSetup): migrations, reference data,
 * and for 'demo' the demo tenants seeded at TEST_START. On PostgreSQL the templates are closed to
 * connections, since a clone needs its template idle.
 */
export async function buildTemplates(kind: 'pglite' | 'postgres', root: string, adminUrl?: string): Promise<Templates> {
  const demoFiles = path.join(root, 'demo-data');
  const seedInto = async (database: Database, seed: Seed) => {
    try {
      await ensureReferenceData(database.db);
      if (seed === 'demo') await seedDemo(database.db, localDiskStorage(demoFiles), TEST_START);
    } finally {
      await database.close();
    }
  };
  if (kind === 'pglite') {
    const dumps = { plain: path.join(root, 'plain.tar'), demo: path.join(root, 'demo.tar') };
    await Promise.all(
      SEEDS.map(async (seed) => {
        const dataDir = path.join(root, seed);
        await seedInto(await openDatabase({ dataDir }), seed);
        fs.writeFileSync(dumps[seed], await dumpDataDir(dataDir));
      }),
    );
    return { kind, dumps, demoFiles: path.join(demoFiles, 'uploads') };
  }
  const suffix = randomBytes(4).toString('hex');
  const databases = { plain: `tpl_plain_${suffix}`, demo: `tpl_demo_${suffix}` };
  for (const seed of SEEDS) {
    await withClient(adminUrl!, (c) => c.query(`CREATE DATABASE ${databases[seed]}`));
    await seedInto(await openDatabase({ url: databaseUrl(adminUrl!, databases[seed]) }), seed);
    await withClient(adminUrl!, async (c) => {
      await waitForBackendsToLeave(c, databases[seed]);
      await c.query(`ALTER DATABASE ${databases[seed]} WITH ALLOW_CONNECTIONS false`);
    });
  }
  return { kind, adminUrl: adminUrl!, databases, demoFiles: path.join(demoFiles, 'uploads') };
}

/** Drops what buildTemplates made on the PostgreSQL server (the PGlite ones are files under its root). */
export async function dropTemplates(templates: Templates): Promise<void> {
  if (templates.kind !== 'postgres') return;
  for (const name of Object.values(templates.databases)) await dropDatabase(templates.adminUrl, name);
}

/** A PGlite data directory as the uncompressed tar PGlite's `loadDataDir` takes. */
async function dumpDataDir(dataDir: string): Promise<Buffer> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = new PGlite({ dataDir, extensions: { pg_trgm } });
  // Dumping before it is ready never settles.
  await client.waitReady;
  try {
    return Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
  } finally {
    await client.close();
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withClient<T>(url: string, fn: (c: import('pg').Client) => Promise<T>): Promise<T> {
  const { Client } = await import('pg');
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withClient(adminUrl, async (c) => {
    // pool.end() resolves before the server-side backends have gone; forcing the drop while
    // they linger makes the server send those closing clients a FATAL error nobody handles.
    await waitForBackendsToLeave(c, name);
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

async function waitForBackendsToLeave(client: import('pg').Client, database: string, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = await client.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [database]);
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
