import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildTemplates, dropTemplates } from '../helpers/testDb';
import { postgresServer } from '../support/postgres';

/**
 * globalSetup of the API projects: migrate and seed once per run, so each test file clones a ready
 * database (tests/helpers/testDb.ts) instead of running every migration again. api-postgres also
 * finds its server here: TEST_DATABASE_URL, the one on 127.0.0.1:5432, or one it starts itself.
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env?.API_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `api-templates-${kind}-`));
  const server = kind === 'postgres' ? await postgresServer() : null;
  try {
    const templates = await buildTemplates(kind, root, server?.adminUrl);
    project.provide('apiTemplates', templates);
    return async () => {
      await dropTemplates(templates);
      await server?.stop();
      fs.rmSync(root, { recursive: true, force: true });
    };
  } catch (error) {
    await server?.stop();
    fs.rmSync(root, { recursive: true, force: true });
    throw error;
  }
}
