import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * The generated secrets kept in DATA_DIR/secrets.json (only its owner may read it): each of `names`
 * as saved, or made now and saved for the next start. Keys: `sso` and `jwt` (config.ts),
 * `postgres` (the embedded database's password, db/index.ts).
 */
export function savedSecrets<K extends string>(dataDir: string, names: readonly K[]): Record<K, string> {
  const file = path.join(dataDir, 'secrets.json');
  let saved: Partial<Record<string, string>> = {};
  if (fs.existsSync(file)) saved = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof saved;
  const missing = names.filter((name) => !saved[name]);
  if (missing.length > 0) {
    for (const name of missing) saved[name] = randomBytes(32).toString('hex');
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(saved), { mode: 0o600 });
  }
  return Object.fromEntries(names.map((name) => [name, saved[name]!])) as Record<K, string>;
}
