import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../src/app.ts';
import { emptyDatabase } from './helpers.ts';

/** Writes a stand-in of the web console's build into `dir`: its two pages, `assets/`, and `files` (path → text). */
export function writeWebBuild(dir: string, files: Record<string, string> = {}): void {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root">console</div>');
  fs.writeFileSync(path.join(dir, 'login.html'), '<!doctype html><form>sign in</form>');
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
}

/** An app on a new empty database that serves the web build in `dir`, with `options` besides. */
export async function appServing(dir: string, options: Partial<AppOptions> = {}): Promise<FastifyInstance> {
  return buildApp({
    database: await emptyDatabase(),
    ssoSecret: 's',
    jwtSecret: 'j',
    webDist: dir,
    logLevel: 'silent',
    ...options,
  });
}
