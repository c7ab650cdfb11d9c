import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { startServer } from '../support/server';

const signIn = (url: string, email: string, password = 'demo1234!') =>
  fetch(`${url}/api/v1/admin/partnerships/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

describe('the server process', () => {
  it('keeps the embedded data across a graceful restart, seeding the demo only once', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'restart-'));
    try {
      const first = await startServer({ dataDir });
      const changed = await fetch(`${first.url}/api/v1/admin/partnerships/password/reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'brand@demo.test' }),
      });
      expect(changed.status).toBe(200);
      const outboxBefore = (await (await fetch(`${first.url}/api/dev/outbox?to=brand%40demo.test`)).json()).data.list.length;
      expect(outboxBefore).toBe(1);
      expect(await first.stop()).toBe(0);

      const second = await startServer({ dataDir });
      expect((await signIn(second.url, 'brand@demo.test')).status).toBe(200);
      const outboxAfter = (await (await fetch(`${second.url}/api/dev/outbox?to=brand%40demo.test`)).json()).data.list.length;
      expect(outboxAfter).toBe(1);
      expect(await second.stop()).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('never seeds demo accounts into a DATABASE_URL database unless started with --demo', async () => {
    const adminUrl = inject('postgresAdminUrl');
    const name = `e2e_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      const plain = await startServer({ env: { DATABASE_URL: url.toString() } });
      expect((await (await fetch(`${plain.url}/api/health`)).json()).data.database).toBe('postgres');
      expect((await signIn(plain.url, 'brand@demo.test')).status).toBe(401);
      // The dev outboxes exist only in the embedded demo: on PostgreSQL not even this machine reads them.
      expect((await fetch(`${plain.url}/api/dev/outbox`)).status).toBe(404);
      expect((await fetch(`${plain.url}/api/dev/messages`)).status).toBe(404);
      expect(await plain.stop()).toBe(0);

      const demo = await startServer({ env: { DATABASE_URL: url.toString() }, args: ['--demo'] });
      expect((await signIn(demo.url, 'brand@demo.test')).status).toBe(200);
      expect(await demo.stop()).toBe(0);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
