import type { FastifyRequest } from 'fastify';
import { ErrorCode, hasUnstorableCharacter, validationMessage, type ValidationKey } from '@rx/contracts';
import { ApiError } from './api-error.ts';
import { requestLanguage } from './request.ts';

/** Deeper input is refused: no request of the API nests this far, and the walk stays bounded. */
export const MAX_INPUT_DEPTH = 32;
/** Enough to show what is wrong without echoing a whole hostile body. */
const MAX_REPORTED = 20;

export interface UnstorableField {
  /** `a.b.0`, as zod names fields; `_` for the whole value. */
  path: string;
  key: ValidationKey;
}

/**
 * The texts and keys in a parsed JSON value (or query, or params) that PostgreSQL cannot store:
 * U+0000 and lone surrogates. A bad key reports the object holding it. Walks iteratively; only
 * plain objects, arrays and strings (a raw import file arrives as a Buffer and is not walked).
 */
interface Walked {
  value: unknown;
  key: string;
  parent: Walked | null;
  depth: number;
}

/** `a.b.0` of a walked value; built only for a finding, so the walk itself allocates no paths. */
function pathOf(node: Walked): string {
  const keys: string[] = [];
  for (let at: Walked | null = node; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.') || '_';
}

export function unstorableFields(value: unknown): UnstorableField[] {
  const found: UnstorableField[] = [];
  const stack: Walked[] = [{ value, key: '', parent: null, depth: 0 }];
  while (stack.length > 0 && found.length < MAX_REPORTED) {
    const node = stack.pop()!;
    const current = node.value;
    if (typeof current === 'string') {
      if (hasUnstorableCharacter(current)) found.push({ path: pathOf(node), key: 'invalid_character' });
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    const isArray = Array.isArray(current);
    const prototype = Object.getPrototypeOf(current);
    if (!isArray && prototype !== Object.prototype && prototype !== null) continue;
    if (node.depth >= MAX_INPUT_DEPTH) {
      found.push({ path: pathOf(node), key: 'invalid' });
      continue;
    }
    const depth = node.depth + 1;
    if (isArray) {
      for (let i = 0; i < current.length; i++) {
        const item: unknown = current[i];
        if (typeof item === 'object' || typeof item === 'string') {
          stack.push({ value: item, key: String(i), parent: node, depth });
        }
      }
      continue;
    }
    let badKey = false;
    for (const key in current) {
      if (!Object.hasOwn(current, key)) continue;
      if (!badKey && hasUnstorableCharacter(key)) {
        badKey = true;
        found.push({ path: pathOf(node), key: 'invalid_character' });
      }
      const item: unknown = (current as Record<string, unknown>)[key];
      if (typeof item === 'object' || typeof item === 'string') {
        stack.push({ value: item, key, parent: node, depth });
      }
    }
  }
  return found;
}

/**
 * A safety net behind the field schemas (`preValidation`): an API request whose params, query or
 * body holds a text PostgreSQL cannot store is answered 400001 naming the fields, before any
 * handler runs, so free JSON (and anything a schema misses) never reaches the database.
 */
export async function refuseUnstorableInput(request: FastifyRequest): Promise<void> {
  if (!request.url.startsWith('/api/')) return;
  // The query and params objects have their own prototypes: copied into plain ones to be walked.
  const parts = [{ ...(request.params as object) }, { ...(request.query as object) }, request.body];
  const found = parts.flatMap((part) => unstorableFields(part));
  if (found.length === 0) return;
  const lang = requestLanguage(request);
  const fields: Record<string, string> = {};
  for (const { path, key } of found) fields[path] ??= validationMessage(key, lang);
  throw new ApiError(ErrorCode.INVALID_INPUT, { fields });
}
