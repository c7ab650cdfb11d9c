import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { copyDataDir, startServer, type RunningServer } from '../support/server';

const signIn = (url: string, email: string, password = 'demo1234!') =>
  fetch(`${url}/api/v1/admin/partnerships/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

// One server start per hook or test: a start is ~5 s of CPU, several times that on a busy machine,
// and each hook and test has a ceiling of its own (vitest.config.ts).

// On a copy of the data of the run's first server, which started fresh and seeded the demo
// (tests/e2e/globalSetup.ts): no later start seeds it again.
describe('the server process on the embedded database', () => {
  const dataDir = copyDataDir(inject('demoDataDir'));
  const logFile = path.join(os.tmpdir(), `restart-${path.basename(dataDir)}.log`);
  let first: RunningServer;
  beforeAll(async () => {
    first = await startServer({ dataDir, logFile });
  });
  afterAll(async () => {
    if (first.process.exitCode === null) await first.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(logFile, { force: true });
  });

  it('keeps the embedded data across a graceful restart, never seeding the demo again', async () => {
    const changed = await fetch(`${first.url}/api/v1/admin/partnerships/password/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'brand@demo.test' }),
    });
    expect(changed.status).toBe(200);
    const outboxBefore = (await (await fetch(`${first.url}/api/dev/outbox?to=brand%40demo.test`)).json()).data.list.length;
    expect(outboxBefore).toBe(1);
    expect(await first.stop()).toBe(0);

    const second = await startServer({ dataDir, logFile });
    expect((await signIn(second.url, 'brand@demo.test')).status).toBe(200);
    const outboxAfter = (await (await fetch(`${second.url}/api/dev/outbox?to=brand%40demo.test`)).json()).data.list.length;
    expect(outboxAfter).toBe(1);
    expect(await second.stop()).toBe(0);
    const log = fs.readFileSync(logFile, 'utf8');
    expect(log).toContain('Demo accounts');
    expect(log).not.toContain('seeded now');
  });
});

// In order: the same database first without --demo, then with it.
describe('the server process on DATABASE_URL', () => {
  const adminUrl = inject('postgresAdminUrl');
  const name = `e2e_${randomBytes(5).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  let plain: RunningServer;
  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    plain = await startServer({ env: { DATABASE_URL: url.toString() } });
  });
  afterAll(async () => {
    if (plain.process.exitCode === null) await plain.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('never seeds demo accounts into a DATABASE_URL database unless started with --demo', async () => {
    expect((await (await fetch(`${plain.url}/api/health`)).json()).data.database).toBe('postgres');
    expect((await signIn(plain.url, 'brand@demo.test')).status).toBe(401);
    // The dev outboxes exist only in the embedded demo: on PostgreSQL not even this machine reads them.
    expect((await fetch(`${plain.url}/api/dev/outbox`)).status).toBe(404);
    expect((await fetch(`${plain.url}/api/dev/messages`)).status).toBe(404);
    expect(await plain.stop()).toBe(0);
  });

  it('seeds them into that database when started with --demo', async () => {
    const demo = await startServer({ env: { DATABASE_URL: url.toString() }, args: ['--demo'] });
    expect((await signIn(demo.url, 'brand@demo.test')).status).toBe(200);
    expect(await demo.stop()).toBe(0);
  });
});
