import {
  ErrorCode,
  ruleMessage,
  validationMessage,
  type Language,
  type RuleKey,
  type ValidationKey,
} from '@rx/contracts';
import type { Db } from '../db/index.ts';
import { ApiError } from './api-error.ts';

/** Field problems found by the service (uniqueness, references): answered as 400001 with `fields`. */
export class FieldProblems {
  readonly fields: Record<string, string> = {};
  constructor(readonly lang: Language) {}

  add(field: string, key: ValidationKey, params?: Record<string, string | number>): this {
    this.fields[field] ??= validationMessage(key, this.lang, params);
    return this;
  }

  get any(): boolean {
    return Object.keys(this.fields).length > 0;
  }

  throwIfAny(): void {
    if (this.any) throw new ApiError(ErrorCode.INVALID_INPUT, { fields: this.fields });
  }
}

/** 400001 with one field message. */
export function fieldError(lang: Language, field: string, key: ValidationKey): ApiError {
  return new ApiError(ErrorCode.INVALID_INPUT, { fields: { [field]: validationMessage(key, lang) } });
}

/** 422001 with the rule's message and what the client needs to show (e.g. what uses the row). */
export function ruleError(lang: Language, key: RuleKey, data: unknown = null): ApiError {
  return new ApiError(ErrorCode.BUSINESS_RULE, data, ruleMessage(key, lang));
}

/** Whether a database error is a unique-constraint violation (PostgreSQL 23505), optionally of `constraint`. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e;) {
    if (e.code === '23505') return !constraint || e.constraint === constraint;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * Runs a write in one transaction. A unique violation the service's own checks did not see (two
 * writers at once) becomes 400001 on the field of its constraint: "taken", or the message named
 * beside the field (`[field, key]`).
 */
export async function inTransaction<T>(
  db: Db,
  lang: Language,
  write: (tx: Db) => Promise<T>,
  uniqueFields: Record<string, string | readonly [field: string, key: ValidationKey]> = {},
): Promise<T> {
  try {
    return await db.transaction((tx) => write(tx));
  } catch (error) {
    for (const [constraint, target] of Object.entries(uniqueFields)) {
      const [field, key] = typeof target === 'string' ? [target, 'taken' as const] : target;
      if (isUniqueViolation(error, constraint)) throw fieldError(lang, field, key);
    }
    throw error;
  }
}

/** Where a row in use is referred from: each kind of referrer and how many there are. */
export interface Usage {
  type: string;
  count: number;
}

/** 422001 for a delete refused because the row is in use (it was disabled instead). */
export function inUseError(lang: Language, usedBy: Usage[]): ApiError {
  return ruleError(lang, 'in_use_disabled', { disabled: true, used_by: usedBy });
}
