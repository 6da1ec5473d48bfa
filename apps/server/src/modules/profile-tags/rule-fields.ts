import { and, eq, inArray } from 'drizzle-orm';
import {
  ErrorCode,
  opsOf,
  RULE_FIELDS,
  ruleTagNames,
  validationMessage,
  type Rule,
  type RuleFieldName,
  type UserGroupFields,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { profileTags } from './tables.ts';

/**
 * What a player rule (lib/player-rules.ts) may name of the product: its fixed fields and the
 * product's tags. User groups and rule tags both ask here.
 */

/** The tags a rule names must exist in the product (400001 on `rule` otherwise). */
export async function checkRuleTags(db: Db, scope: Scope, rule: Rule, field = 'rule'): Promise<void> {
  const names = ruleTagNames(rule);
  if (!names.length) return;
  const found = await db
    .select({ name: profileTags.name })
    .from(profileTags)
    .where(and(eq(profileTags.productId, scope.productId!), inArray(profileTags.name, names)));
  if (found.length < names.length) {
    throw new ApiError(ErrorCode.INVALID_INPUT, {
      fields: { [field]: validationMessage('unknown_ref', scope.lang) },
    });
  }
}

/** What a rule may test: the fixed fields with their operators and the product's tags. */
export async function ruleFields(db: Db, scope: Scope): Promise<UserGroupFields> {
  const tags = await db
    .select({
      name: profileTags.name,
      label: profileTags.label,
      type: profileTags.type,
      options: profileTags.options,
    })
    .from(profileTags)
    .where(eq(profileTags.productId, scope.productId!))
    .orderBy(profileTags.name);
  return {
    fields: (Object.keys(RULE_FIELDS) as RuleFieldName[]).map((field) => ({
      field,
      type: RULE_FIELDS[field],
      ops: [...opsOf(RULE_FIELDS[field], field)],
    })),
    tags,
  };
}
