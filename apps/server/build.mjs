// Bundles the server (and the shared contracts) into dist/server.js; packages stay in node_modules.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => name !== '@rx/contracts');

await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(here, 'dist/server.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, 'zod', 'drizzle-orm/*'],
  logLevel: 'warning',
});
// The SQL migrations travel beside the bundle.
fs.cpSync(path.join(here, 'drizzle'), path.join(here, 'dist/drizzle'), { recursive: true });
console.log('server built: apps/server/dist/server.js');
