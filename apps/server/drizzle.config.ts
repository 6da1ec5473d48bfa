import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The core tables, then each module's own.
  schema: [
    './src/db/schema.ts',
    './src/modules/*/tables.ts',
    // Background jobs and schedules (lib/jobs).
    './src/db/jobs.ts',
    // The outside-party kit's settings, tokens and call log (lib/outside).
    './src/db/outside.ts',
  ],
  out: './drizzle',
});
