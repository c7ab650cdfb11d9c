import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';

/** The API suite runs twice: on the embedded PGlite and on the PostgreSQL server of TEST_DATABASE_URL. */
function apiProject(name: string, db: 'pglite' | 'postgres'): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name,
      environment: 'node',
      include: ['server/**/*.api.test.ts'],
      env: { API_TEST_DB: db },
      // Migrates and seeds once; each file clones that database (tests/helpers/testDb.ts).
      globalSetup: ['tests/setup/apiDatabase.ts'],
      // Each file gets its own database and app (tests/helpers), and no API test mocks a module, so
      // a worker keeps the server's modules loaded from file to file: importing them took ~2.5 s a file.
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

// Four layers, run as vitest projects: pure domain rules, React components against
// msw, the HTTP API against PGlite and PostgreSQL, and Chromium end-to-end.
export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    // Vitest's default (one core less than the machine) runs one file at a time on a 2-core CI
    // machine while its main process idles; a worker per core measured 119 s → 63 s for 12
    // component files on a busy machine. Files never share a database (tests/helpers/testDb.ts).
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        // Pure functions and no module replaced: files share a worker's loaded modules.
        test: { name: 'unit', environment: 'node', isolate: false, include: ['src/domain/**/*.test.ts', 'server/**/*.unit.test.ts', 'src/**/*.unit.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'component',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['tests/setup/component.ts'],
          // Isolated: sharing a worker's modules and document from file to file (isolate: false)
          // measured 334 s → 546 s for this stage (the document and the console's caches grow) and
          // broke the files that replace a module (vi.mock).
          // A ceiling that only stops a hung test: keystroke-heavy forms take several seconds under load.
          testTimeout: 60_000,
        },
      },
      apiProject('api-pglite', 'pglite'),
      apiProject('api-postgres', 'postgres'),
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          globalSetup: ['tests/e2e/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll waits on the real server and browser: vitest's 1 s default was missed by a
          // list still loading on a busy CI machine, as Playwright's own waits (30 s) are not.
          expect: { poll: { timeout: 20_000 } },
          // Two files at a time, each worker on a server of its own (tests/e2e/globalSetup.ts): a
          // file's flows wait on the browser and the server more than they use a core (0.6 of one,
          // measured on the 2-core CI machine), so two at a time nearly halve the stage.
          maxWorkers: 2,
        },
      },
    ],
  },
});
