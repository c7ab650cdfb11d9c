import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from '../support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One real server for the end-to-end run: the built console, the API and a fresh embedded database with demo data. */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.resolve(import.meta.dirname, '../../dist/client/index.html'))) {
    throw new Error('dist/client is missing: run `vite build` first (npm run test:e2e does).');
  }
  const server = await startServer();
  project.provide('baseUrl', server.url);
  return async () => {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  };
}
