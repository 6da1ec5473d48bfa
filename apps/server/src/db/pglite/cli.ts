// `npm run db:from-pglite`: moves the PGlite database of earlier versions in DATA_DIR (default
// ./data) into the console's embedded PostgreSQL server (move.ts says how).
import path from 'node:path';
import { moveFromPglite } from './move.ts';

const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
try {
  const started = Date.now();
  const report = await moveFromPglite(dataDir, (line) => console.log(line));
  const rows = report.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `moved ${rows} rows in ${report.tables.length} tables in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
      `the PGlite folder is kept as ${report.backup} (delete it once the console runs as it should)`,
  );
} catch (err) {
  console.error(`not moved: ${(err as Error).message}`);
  process.exitCode = 1;
}
