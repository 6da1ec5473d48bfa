import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ErrorCode,
  OUTSIDE_PARTIES,
  fieldErrors,
  outsidePartyContract,
  validationMessage,
  type OutsidePartyItem,
  type OutsidePartyName,
  type outsidePartyUpdateBody,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { outsideParties } from '../../db/outside.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { logChange } from '../../lib/operation-log.ts';
import type { Outside, PartyChoice } from '../../lib/outside/index.ts';

function toItem(party: OutsidePartyName, choice: PartyChoice): OutsidePartyItem {
  const contract = outsidePartyContract(party)!;
  return {
    party,
    mode: choice.mode,
    default: !choice.saved,
    settings: choice.settings,
    // Whether each is set, never its value.
    credentials: Object.fromEntries(contract.credentials.map((name) => [name, !!choice.credentials[name]])),
    version: choice.version,
    updated_by: choice.updatedBy,
    updated_at: choice.updatedAt?.toISOString() ?? null,
  };
}

async function choiceOf(outside: Outside, db: Db, scope: ProductScope, party: string): Promise<PartyChoice> {
  const choice = await outside.choice(db, party, scope.productId);
  if (!choice) throw new ApiError(ErrorCode.NOT_FOUND);
  return choice;
}

/** Every kind of party with the game's choice for it. */
export async function listParties(
  outside: Outside,
  db: Db,
  scope: ProductScope,
): Promise<OutsidePartyItem[]> {
  return Promise.all(
    OUTSIDE_PARTIES.map(async ({ name }) => toItem(name, await choiceOf(outside, db, scope, name))),
  );
}

/** What the operation log keeps of a choice: settings, and which credentials are set (no value). */
const logged = (item: OutsidePartyItem) => ({
  mode: item.mode,
  settings: item.settings,
  credentials: item.credentials,
});

/**
 * Saves the game's choice for a party: settings checked against the party's schema (all of them,
 * and every credential set, for `real`), credentials replaced (a value) or cleared (null), the
 * others kept. A stale version is 409001; the change is logged without any credential value.
 */
export async function updateParty(
  outside: Outside,
  db: Db,
  scope: ProductScope,
  party: OutsidePartyName,
  body: z.output<typeof outsidePartyUpdateBody>,
): Promise<OutsidePartyItem> {
  const contract = outsidePartyContract(party)!;
  return db.transaction(async (tx) => {
    // Serialises two saves of the same party (the row may not exist yet).
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`outside-party:${scope.productId}:${party}`}))`,
    );
    const before = await choiceOf(outside, tx, scope, party);
    if (before.version !== body.version) throw new ApiError(ErrorCode.CONFLICT);
    const fields: Record<string, string> = {};
    const settings = Object.fromEntries(Object.entries(body.settings).filter(([, v]) => v !== ''));
    for (const key of Object.keys(settings))
      if (!(key in contract.settings.shape))
        fields[`settings.${key}`] = validationMessage('invalid', scope.lang);
    const credentials = { ...before.credentials };
    for (const [name, value] of Object.entries(body.credentials)) {
      if (!contract.credentials.includes(name))
        fields[`credentials.${name}`] = validationMessage('invalid', scope.lang);
      else if (value === null || value.trim() === '') delete credentials[name];
      else credentials[name] = value.trim();
    }
    const schema = body.mode === 'real' ? contract.settings : contract.settings.partial();
    const checked = schema.safeParse(settings);
    if (!checked.success) {
      const found = fieldErrors(checked.error.issues, scope.lang).fields;
      for (const [path, message] of Object.entries(found)) fields[`settings.${path}`] ??= message;
    }
    if (body.mode === 'real')
      for (const name of contract.credentials)
        if (!credentials[name]) fields[`credentials.${name}`] = validationMessage('required', scope.lang);
    if (Object.keys(fields).length) throw new ApiError(ErrorCode.INVALID_INPUT, { fields });

    const values = {
      mode: body.mode,
      settings: checked.success ? (checked.data as Record<string, string>) : {},
      credentials: outside.sealCredentials(credentials),
      updatedBy: scope.username,
      updatedAt: new Date(),
    };
    await tx
      .insert(outsideParties)
      .values({ cpId: scope.cpId, productId: scope.productId, party, ...values })
      .onConflictDoUpdate({
        target: [outsideParties.productId, outsideParties.party],
        set: { ...values, version: sql`${outsideParties.version} + 1` },
      });
    const after = toItem(party, await choiceOf(outside, tx, scope, party));
    const [row] = await tx
      .select({ id: outsideParties.id })
      .from(outsideParties)
      .where(and(eq(outsideParties.productId, scope.productId), eq(outsideParties.party, party)));
    await logChange(tx, scope, {
      action: before.saved ? 'update' : 'create',
      targetType: 'outside_party',
      targetId: row!.id,
      targetName: party,
      before: before.saved ? logged(toItem(party, before)) : null,
      after: logged(after),
    });
    return after;
  });
}
