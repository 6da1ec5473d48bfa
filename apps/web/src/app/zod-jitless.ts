/**
 * zod probes `new Function` to compile faster parsers; the CSP allows no eval, and Chromium reports
 * even the caught probe as a violation. Interpreted parsing is fast enough for forms. zod reads its
 * configuration from this global (zod/v4/core/core.js), so the shell's first chunk need not load
 * zod to set it; zod-jitless.test.ts holds the two together.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
