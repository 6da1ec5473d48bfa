import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The console's own alias (apps/web/vite.config.ts).
  resolve: { alias: { '@': fileURLToPath(new URL('apps/web/src', import.meta.url)) } },
  test: {
    // Two cores: two workers, each API test file with its own database.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20000,
    hookTimeout: 60000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          // The API tests' prepared database (migrated and seeded once per run).
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: ['apps/server/test/fresh-file.ts'],
          // A worker runs its files one after another in one module graph instead of importing the
          // whole server again for each (two fifths of the API tests' time). Each file still has its
          // own app and database (test/use-test-app.ts), no API test mocks a module, and the few
          // modules that keep state (the fake game and payment adapters) are reset before each file
          // (test/fresh-file.ts).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web and contracts',
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
