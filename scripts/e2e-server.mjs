// The server the browser tests drive: the built console on a fresh embedded PostgreSQL each run
// (its data folder removed before and after; the console stops its database when it stops).
import fs from 'node:fs';
import { spawn } from 'node:child_process';

fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
// Rate limits far above what the browser tests send (all from one address, as one user), unless set.
for (const name of [
  'RATE_LIMIT_CONSOLE',
  'RATE_LIMIT_SIGN_IN',
  'RATE_LIMIT_GAME',
  'RATE_LIMIT_GAME_UNSIGNED',
])
  process.env[name] ??= '1000000';
const child = spawn(process.execPath, ['apps/server/dist/server.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
  process.exit(code ?? 0);
});
