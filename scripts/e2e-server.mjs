// The server the browser tests drive: a fresh embedded database each run, the built console.
import fs from 'node:fs';
import { spawn } from 'node:child_process';

fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
const child = spawn(process.execPath, ['apps/server/dist/server.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
  process.exit(code ?? 0);
});
