import path from 'node:path';
import { randomBytes } from 'node:crypto';

/** Runtime configuration, read once from the environment. Secrets never appear in logs. */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL URL; unset means the embedded PGlite under dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** Public origin used in e-mail links. */
  publicUrl: string;
  mailProvider: 'local';
  /** Directory of the built console; served with an SPA fallback when it exists. */
  clientDir: string;
  logLevel: string;
  /**
   * HMAC key of signed upload URLs (UPLOAD_SIGNING_SECRET). Unset means a random key per process:
   * the URLs live 15 minutes, so a restart only spends the uploads in flight.
   */
  uploadSecret: string;
  /**
   * The proxies whose X-Forwarded-For is trusted for the client IP (TRUST_PROXY): comma-separated
   * addresses, CIDRs or the names loopback / linklocal / uniquelocal. Unset: none, so the header is
   * ignored and clients cannot dodge the per-IP rate limits with it.
   */
  trustProxy: string | null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    mailProvider: 'local',
    clientDir: path.resolve(env.CLIENT_DIR ?? 'dist/client'),
    logLevel: env.LOG_LEVEL ?? 'info',
    uploadSecret: env.UPLOAD_SIGNING_SECRET || randomBytes(32).toString('hex'),
    trustProxy: env.TRUST_PROXY?.trim() || null,
  };
}
