import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
    ],
    // Two cores: two workers, each test file with its own database.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20000,
    hookTimeout: 60000,
  },
});
