import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The console's own alias (apps/web/vite.config.ts).
  resolve: { alias: { '@': fileURLToPath(new URL('apps/web/src', import.meta.url)) } },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
    ],
    // Two cores: two workers, each test file with its own database.
    // The API tests' prepared database (migrated and seeded once per run).
    globalSetup: ['apps/server/test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20000,
    hookTimeout: 60000,
  },
});
