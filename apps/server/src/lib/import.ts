import { cpLanguage, cpLanguageProblems, withCpLanguage } from './cp-language.ts';
import type { ZodType } from 'zod';
import {
  ErrorCode,
  errorMessage,
  fieldErrors,
  validationMessage,
  type ImportAnswer,
  type ImportRowError,
  type LogTableTarget,
} from '@rx/contracts';
import type { Db } from '../db/index.ts';
import type { Scope } from './access.ts';
import { ApiError } from './api-error.ts';
import { cellText, type Cell } from './cells.ts';
import { logChange } from './operation-log.ts';
import { FieldProblems } from './problems.ts';
import { eventLoopSlicer } from './steps.ts';
import type { JobRunner, WholeResult } from './jobs/index.ts';

/** How one resource reads an import file and writes it (through its own create and update). */
export interface ImportSpec<Item extends { id: number }, Input, Ctx> {
  /** The target type in the operation log: the table's API name. */
  name: LogTableTarget;
  /** The column naming a row: a row whose key matches updates it; otherwise (or an empty `id`) creates. */
  key: string;
  /** The columns the file must have and the import writes (read-only export columns are left out). */
  columns: readonly string[];
  /** Field paths shown under another column (e.g. `channel_id` → `channel_code`, which the sheet holds). */
  aliases?: Record<string, string>;
  /** The create schema: every row is checked with it. */
  schema: ZodType<Input>;
  prepare(db: Db, scope: Scope): Promise<Ctx>;
  /** The cells of a row → the request body the schema checks; references it cannot resolve go to `problems`. */
  fromCells(cells: Record<string, string>, ctx: Ctx, problems: FieldProblems): unknown;
  /** The rows in scope now. */
  existing(db: Db, scope: Scope): Promise<Item[]>;
  keyOf(item: Item): string;
  toCells(item: Item, ctx: Ctx): Record<string, Cell>;
  create(db: Db, scope: Scope, input: Input): Promise<unknown>;
  /**
   * Optional: creates several rows in one statement, exactly as `create` one by one would (the
   * same checks and log entries), refusing all of them if any is refused. Imports write their new
   * rows through it in batches, going row by row only through a batch it refuses.
   */
  createMany?(db: Db, scope: Scope, inputs: Input[]): Promise<unknown>;
  update(db: Db, scope: Scope, item: Item, input: Input): Promise<unknown>;
}

type Operation<Item, Input> =
  { kind: 'create'; row: number; input: Input } | { kind: 'update'; row: number; item: Item; input: Input };

/** How many new rows an import writes in one statement. */
const WRITE_BATCH = 500;

/** Thrown to roll the transaction back once the answer is known (dry run, or row errors). */
class Rollback extends Error {
  constructor(readonly answer: ImportAnswer) {
    super('rollback');
  }
}

interface Columns {
  key: string;
  columns: readonly string[];
  aliases?: Record<string, string>;
}

/** The column a field path belongs to: `name.zh` → `name.zh`, `platforms.0` → `platforms`. */
function columnOf(path: string, { columns, aliases = {} }: Columns): string {
  const root = path.split('.')[0]!;
  if (Object.hasOwn(aliases, root)) return aliases[root]!;
  let best = '';
  for (const column of columns) {
    if ((path === column || path.startsWith(`${column}.`)) && column.length > best.length) best = column;
  }
  return best || path;
}

function rowErrors(row: number, fields: Record<string, string>, spec: Columns): ImportRowError[] {
  // One message per column: the first one found.
  const byColumn = new Map<string, string>();
  for (const [field, message] of Object.entries(fields)) {
    const column = columnOf(field, spec);
    if (!byColumn.has(column)) byColumn.set(column, message);
  }
  return [...byColumn].map(([field, message]) => ({ row, field, message }));
}

/** An ApiError of one row's write as that row's errors. */
function errorsOf(error: ApiError, row: number, spec: Columns, scope: Scope) {
  const fields = (error.data as { fields?: Record<string, string> } | null)?.fields;
  if (error.code === ErrorCode.INVALID_INPUT && fields) return rowErrors(row, fields, spec);
  return [{ row, field: spec.key, message: error.detail ?? errorMessage(error.code, scope.lang) }];
}

/**
 * Diffs the file's rows against the rows in scope and applies the diff in one transaction, each
 * row through the resource's own create/update (so the same checks and operation-log entries
 * apply). Rows are numbered as in the sheet (1 is the header).
 *
 * All or nothing by default: a dry run, or any row error, rolls everything back; a dry run answers
 * the diff, a real run with errors answers 400001 with them. With `validOnly` the rows with errors
 * are skipped (listed in `skipped`, their problems in `errors`) and the others are applied.
 *
 * The file is at most IMPORT_MAX_ROWS rows (its reader refuses more); the rows in scope are read
 * in one query, and the loops let other requests in between rows, so an import slows the server
 * down but never stops it.
 */
export async function runImport<Item extends { id: number }, Input, Ctx>(
  db: Db,
  scope: Scope,
  spec: ImportSpec<Item, Input, Ctx>,
  table: string[][],
  {
    dryRun,
    validOnly,
    onProgress,
  }: {
    dryRun: boolean;
    validOnly: boolean;
    /** Rows checked, then rows written, out of twice the rows (a job's progress). */
    onProgress?: (done: number, total: number) => void;
  },
): Promise<ImportAnswer> {
  const lang = scope.lang;
  const header = (table[0] ?? []).map((h) => h.trim());
  const missing = [spec.key, ...spec.columns].find((column) => !header.includes(column));
  if (missing) {
    throw new ApiError(ErrorCode.INVALID_INPUT, {
      fields: { file: validationMessage('missing_column', lang, { name: missing }) },
    });
  }
  const slicer = eventLoopSlicer();
  const rows = Math.max(table.length - 1, 0);
  try {
    return await db.transaction(async (tx) => {
      const ctx = await spec.prepare(tx, scope);
      const cpLang = await cpLanguage(tx, scope.cpId);
      const byKey = new Map((await spec.existing(tx, scope)).map((item) => [spec.keyOf(item), item]));
      const answer: ImportAnswer = {
        dry_run: dryRun,
        create: [],
        update: [],
        unchanged: 0,
        errors: [],
        skipped: [],
      };
      const operations: Operation<Item, Input>[] = [];
      const seen = new Set<string>();
      for (const [index, cellsOfRow] of table.slice(1).entries()) {
        await slicer.pause();
        if (onProgress && index % 100 === 0) onProgress(index, rows * 2);
        const row = index + 2;
        if (cellsOfRow.every((cell) => cell.trim() === '')) continue;
        const cells = Object.fromEntries(header.map((h, i) => [h, cellsOfRow[i] ?? '']));
        const key = (cells[spec.key] ?? '').trim();
        if (key && seen.has(key)) {
          answer.errors.push({ row, field: spec.key, message: validationMessage('duplicate_row', lang) });
          continue;
        }
        if (key) seen.add(key);
        const item = key ? byKey.get(key) : undefined;
        if (!item && key && spec.key === 'id') {
          answer.errors.push({ row, field: 'id', message: validationMessage('not_found_row', lang) });
          continue;
        }
        const problems = new FieldProblems(lang);
        const raw = spec.fromCells(cells, ctx, problems);
        const parsed = spec.schema.safeParse(raw, { reportInput: true });
        // The resource's own findings first (an unknown reference says more than "required"); a
        // text without the CP's language is named too.
        const ownLanguage = cpLanguageProblems(spec.schema, parsed.success ? parsed.data : raw, cpLang, lang);
        const fields = withCpLanguage(
          { ...problems.fields, ...(parsed.success ? {} : fieldErrors(parsed.error.issues, lang).fields) },
          ownLanguage,
        );
        if (!parsed.success || problems.any || Object.keys(fields).length) {
          answer.errors.push(...rowErrors(row, fields, spec));
          continue;
        }
        const input = parsed.data;
        if (!item) {
          const values = Object.fromEntries(spec.columns.map((c) => [c, (cells[c] ?? '').trim()]));
          answer.create.push({ row, key, values });
          operations.push({ kind: 'create', row, input });
          continue;
        }
        const before = spec.toCells(item, ctx);
        const after = spec.toCells({ ...item, ...input }, ctx);
        const changes: Record<string, { from: string; to: string }> = {};
        for (const column of spec.columns) {
          const [from, to] = [cellText(before[column]), cellText(after[column])];
          if (from !== to) changes[column] = { from, to };
        }
        if (Object.keys(changes).length === 0) answer.unchanged++;
        else {
          answer.update.push({ row, id: item.id, key, changes });
          operations.push({ kind: 'update', row, item, input });
        }
      }
      if (validOnly || answer.errors.length === 0) {
        const refused = new Set<number>();
        let written = 0;
        const progress = () => {
          written++;
          if (onProgress && written % 100 === 0)
            onProgress(rows + Math.round((written * rows) / operations.length), rows * 2);
        };
        /** One row in a savepoint of its own: a refused row is undone alone, the next ones still checked. */
        const one = async (op: Operation<Item, Input>) => {
          await slicer.pause();
          try {
            await tx.transaction((sp) =>
              op.kind === 'create'
                ? spec.create(sp, scope, op.input)
                : spec.update(sp, scope, op.item, op.input),
            );
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
            answer.errors.push(...errorsOf(error, op.row, spec, scope));
            refused.add(op.row);
          }
          progress();
        };
        const createMany = spec.createMany?.bind(spec);
        for (let start = 0; start < operations.length;) {
          const op = operations[start]!;
          if (op.kind !== 'create' || !createMany) {
            await one(op);
            start++;
            continue;
          }
          // The creates that follow, in one insert (and one savepoint); a batch refused as a whole
          // is written again row by row, so each refused row gets its own errors as before.
          let end = start;
          while (end < operations.length && end - start < WRITE_BATCH && operations[end]!.kind === 'create')
            end++;
          const batch = operations.slice(start, end) as Extract<Operation<Item, Input>, { kind: 'create' }>[];
          await slicer.pause();
          let applied = true;
          try {
            await tx.transaction((sp) =>
              createMany(
                sp,
                scope,
                batch.map((b) => b.input),
              ),
            );
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
            applied = false;
          }
          if (applied) for (let i = 0; i < batch.length; i++) progress();
          else for (const b of batch) await one(b);
          start = end;
        }
        if (validOnly) {
          // What is applied is what the answer lists; the refused rows join the skipped ones.
          answer.create = answer.create.filter((c) => !refused.has(c.row));
          answer.update = answer.update.filter((u) => !refused.has(u.row));
          answer.skipped = [...new Set(answer.errors.map((e) => e.row))].sort((a, b) => a - b);
        }
      }
      if (dryRun || (!validOnly && answer.errors.length)) throw new Rollback(answer);
      await logChange(tx, scope, {
        action: 'import',
        targetType: spec.name,
        after: {
          create: answer.create.length,
          update: answer.update.length,
          unchanged: answer.unchanged,
          ...(validOnly ? { skipped: answer.skipped.length } : {}),
        },
      });
      return answer;
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
    const { answer } = error;
    if (!dryRun && answer.errors.length) {
      throw new ApiError(ErrorCode.INVALID_INPUT, { fields: {}, errors: answer.errors });
    }
    return answer;
  }
}

/** An import runs as a job (answering `{ job_id }` at once) above this many data rows. */
export { IMPORT_SYNC_MAX_ROWS } from '@rx/contracts';

/** What an import job keeps to run (again after a restart): the file's cells and who asked. */
interface ImportJobParams {
  table: string[][];
  dryRun: boolean;
  validOnly: boolean;
  scope: Scope;
}

/** The items of an import job: each row with what happened to it (the result file lists them). */
function rowResults(answer: ImportAnswer): WholeResult['items'] {
  const results = [
    ...answer.create.map((c) => ({
      input: { row: c.row, key: c.key },
      status: 'ok' as const,
      message: 'create',
    })),
    ...answer.update.map((u) => ({
      input: { row: u.row, key: u.key },
      status: 'ok' as const,
      message: 'update',
    })),
    ...answer.errors.map((e) => ({
      input: { row: e.row, field: e.field },
      status: 'error' as const,
      message: `${e.field}: ${e.message}`,
    })),
  ];
  return results.sort((a, b) => a.input.row - b.input.row) satisfies WholeResult['items'];
}

/** The job kind of a resource's imports. */
export function importJobKind(spec: { name: string }): string {
  return `import:${spec.name}`;
}

/**
 * Declares the job that runs a resource's large imports: `runImport` as a whole (one transaction,
 * so it is idempotent: a restart runs it again from the start), its progress published as it goes,
 * the diff (the dry run's, or what was applied) as the job's summary and each row as an item.
 */
export function defineImportJob<Item extends { id: number }, Input, Ctx>(
  jobs: JobRunner,
  db: Db,
  spec: ImportSpec<Item, Input, Ctx>,
): void {
  jobs.defineJob(importJobKind(spec), {
    // On the jobs' own connections (`work`), so a long import never takes the requests' ones.
    async run({ job, progress, db: work }) {
      const { table, dryRun, validOnly, scope } = job.params as unknown as ImportJobParams;
      try {
        const answer = await runImport(work ?? db, scope, spec, table, {
          dryRun,
          validOnly,
          onProgress: progress,
        });
        // Without the new rows' cells: a 5,000-row file's would make the summary a JSON of MBs, which
        // the server would parse again at every read of the job.
        const create = answer.create.map(({ row, key }) => ({ row, key }));
        return { summary: { ...answer, create }, items: rowResults(answer) };
      } catch (error) {
        const errors = (error as ApiError).data as { errors?: ImportRowError[] } | null;
        if (!(error instanceof ApiError) || !errors?.errors) throw error;
        // All or nothing: nothing was written; the rows' errors are the result.
        const answer: ImportAnswer = {
          dry_run: dryRun,
          create: [],
          update: [],
          unchanged: 0,
          errors: errors.errors,
          skipped: [],
        };
        return { summary: answer, items: rowResults(answer), status: 'failed' };
      }
    },
  });
}

/** Starts an import job: answers its id at once. */
export function startImportJob(
  jobs: JobRunner,
  spec: { name: string },
  scope: Scope,
  table: string[][],
  options: { dryRun: boolean; validOnly: boolean },
): Promise<number> {
  const params: ImportJobParams = { table, ...options, scope };
  return jobs.create(
    importJobKind(spec),
    { cpId: scope.cpId, productId: scope.productId, userId: scope.userId, username: scope.username },
    { params: params as unknown as Record<string, unknown>, total: Math.max(table.length - 1, 0) * 2 },
  );
}
