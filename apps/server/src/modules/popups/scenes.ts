import { eq, sql } from 'drizzle-orm';
import { popupScenesResource, type PopupScene } from '@rx/contracts';
import { contains } from '../../lib/list.ts';
import { liveReferences, registerReferrer } from '../../lib/references.ts';
import { resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { autoSheet } from '../../lib/sheet.ts';
import { popupScenes, popups } from './tables.ts';
import { queryRows, stamps } from '../../lib/rows.ts';

type Row = typeof popupScenes.$inferSelect;

export function sceneItem(row: Row): PopupScene {
  return {
    id: row.id,
    product_id: row.productId,
    code: row.code,
    name: row.name,
    trigger: row.trigger,
    max_popups: row.maxPopups,
    cooldown_seconds: row.cooldownSeconds,
    status: row.status,
    description: row.description,
    ...stamps(row),
  };
}

export const sceneImpl: ResourceImpl<typeof popupScenesResource, typeof popupScenes, PopupScene, null> = {
  table: popupScenes,
  toItem: sceneItem,
  nameOf: (row) => `${row.code} ${row.name}`,
  where: (f) => [
    f.q
      ? contains(sql`lower(${popupScenes.code} || ' ' || ${popupScenes.name})`, f.q.toLowerCase())
      : undefined,
    f.trigger ? eq(popupScenes.trigger, f.trigger) : undefined,
    f.status ? eq(popupScenes.status, f.status) : undefined,
  ],
  columns: (input) => ({
    code: input.code,
    name: input.name,
    trigger: input.trigger,
    maxPopups: input.max_popups,
    cooldownSeconds: input.cooldown_seconds,
    status: input.status,
    description: input.description,
  }),
  // Games ask by the code.
  immutable: ['code'],
  unique: { popup_scenes_product_code: 'code' },
  // A scene a pop-up (not ended) shows in is disabled, never deleted.
  usage: (db, scope, row) => liveReferences(db, scope, popupScenesResource.logTarget, row.id),
  disable: { isDisabled: (row) => row.status === 'disabled', set: { status: 'disabled' } },
  sheet: autoSheet<PopupScene>(popupScenesResource),
};

export const sceneService = resourceService(popupScenesResource, sceneImpl);

/** The pop-ups that show in a scene: "used by" and what keeps a scene from deletion (those not ended). */
export function registerSceneReferrer(): void {
  registerReferrer(popupScenesResource.logTarget, 'popup', async (db, scope, sceneId) => {
    const rows = await queryRows<{ id: number; name: string; status: string }>(
      db,
      sql`select ${popups.id} as id, ${popups.name} as name, ${popups.status} as status from ${popups}
          where ${popups.cpId} = ${scope.cpId} and ${popups.productId} = ${scope.productId}
            and ${popups.sceneIds} @> ${JSON.stringify([sceneId])}::jsonb`,
    );
    return rows.map((row) => ({ ...row, live: row.status !== 'ended' }));
  });
}
