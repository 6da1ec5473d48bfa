/**
 * The server's toolkit for business modules (helpers, not a framework: modules write their own SQL).
 *
 * - access.ts      who may do what: `access` (page permission per action), `productAccess` (+ X-Product-Id), `adminAccess`
 * - scope.ts       CP and product filters: `inScope`, `rowInScope`, `requestProduct`, `documentProductHeader`
 * - list.ts        paging and sorting: `sortOrder`, `runList`, `countWhere`, `contains`
 * - versioned.ts   `updateVersioned` (404001 / 409001), `findOr404`
 * - operation-log.ts  `logChange` / `writeOperationLog`, inside the write's transaction
 * - problems.ts    `FieldProblems`, `fieldError`, `ruleError`, `inTransaction` (unique violations → 400001)
 * - rich-text.ts   `sanitizeRichText`: the one allow-list sanitiser for stored rich text (help, announcements, mail)
 * - delete.ts      `deleteOrDisable`: delete, or disable a row in use (422001), logged
 * - table-io.ts    `tableRoutes`: streamed export (CSV/XLSX) and import (dry-run diff, all or nothing)
 * - export.ts, import.ts, table-file.ts, cells.ts, csv.ts, xlsx.ts, zip.ts  what table-io is made of
 * - api-error.ts, request.ts, crypto.ts, jwt.ts  errors, envelopes, request language, hashing, tokens
 *
 * Imported by path rather than from here:
 * - server-module.ts  `defineModule`: what a module brings (src/manifest.ts lists the modules)
 * - define-lifecycle.ts  `defineLifecycle`: the one lifecycle of what goes live (lifecycle.ts: its moves)
 * - references.ts  `registerReferrer`: rows of one module that name another's ("used by", kept from deletion)
 * - player-rules.ts  `playerMatchSql`: a player rule (user groups, rule tags) as SQL
 * - jobs/  background jobs and schedules (`app.jobs`)
 * - secret-box.ts  `secretBox`: secrets sealed at rest (game API keys, outside parties' credentials)
 * - outside/       the outside-party kit: adapters, call policies, tokens, call log (docs/outside-parties.md)
 */
export * from './access.ts';
export * from './api-error.ts';
export * from './cells.ts';
export * from './delete.ts';
export * from './list.ts';
export * from './operation-log.ts';
export * from './problems.ts';
export * from './request.ts';
export * from './rich-text.ts';
export * from './scope.ts';
export * from './table-io.ts';
export * from './versioned.ts';
export type { ImportSpec } from './import.ts';
