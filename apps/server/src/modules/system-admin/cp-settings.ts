import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { isLanguage, type CpSettings, type cpSettingsBody } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { cps } from '../../db/schema.ts';
import type { Scope } from '../../lib/access.ts';
import { logChange } from '../../lib/operation-log.ts';
import { findOr404, updateVersioned } from '../../lib/versioned.ts';

/** The CP's own settings: its name, publish area, game gateway domain, language and time zone. */

function toSettings(row: typeof cps.$inferSelect): CpSettings {
  return {
    id: row.id,
    name: row.name,
    publish_area: row.publishArea,
    gw_domain: row.gwDomain,
    default_lang: isLanguage(row.defaultLang) ? row.defaultLang : 'zh',
    time_zone: row.timeZone,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function getCpSettings(db: Db, scope: Scope): Promise<CpSettings> {
  return toSettings(await findOr404(db, cps, eq(cps.id, scope.cpId)));
}

export function updateCpSettings(
  db: Db,
  scope: Scope,
  input: z.output<typeof cpSettingsBody>,
): Promise<CpSettings> {
  return db.transaction(async (tx) => {
    const before = await getCpSettings(tx, scope);
    const row = await updateVersioned(tx, cps, eq(cps.id, scope.cpId), input.version, {
      name: input.name,
      publishArea: input.publish_area,
      gwDomain: input.gw_domain,
      defaultLang: input.default_lang,
      timeZone: input.time_zone,
    });
    const item = toSettings(row);
    await logChange(tx, scope, {
      action: 'update',
      targetType: 'cp_settings',
      targetId: scope.cpId,
      targetName: row.name,
      before,
      after: item,
    });
    return item;
  });
}
