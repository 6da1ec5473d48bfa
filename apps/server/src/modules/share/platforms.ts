import { eq } from 'drizzle-orm';
import { sharePlatformsResource, type SharePlatformSetup } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { containsAny } from '../../lib/list.ts';
import { resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { FastifyInstance } from 'fastify';
import { sharePlatformSetups } from './tables.ts';
import { exportedShareRoutes } from './exported.ts';
import { stamps } from '../../lib/rows.ts';

type Row = typeof sharePlatformSetups.$inferSelect;

const toItem = (row: Row): SharePlatformSetup => ({
  id: row.id,
  product_id: row.productId,
  platform: row.platform,
  enabled: row.enabled,
  app_id: row.appId,
  app_secret_set: row.appSecretEnc !== null,
  link_domains: row.linkDomains,
  remark: row.remark,
  ...stamps(row),
});

/**
 * A game's set-up of its share platforms: one row per platform of the registry (a second one is
 * refused on `platform`, which an edit cannot change), the app secret sealed with the server's secret box
 * and answered only as `app_secret_set`, so neither the list, the export nor the operation log
 * ever carries it.
 */
export function sharePlatformImpl(
  secrets: SecretBox,
): ResourceImpl<typeof sharePlatformsResource, typeof sharePlatformSetups, SharePlatformSetup, null> {
  return {
    table: sharePlatformSetups,
    toItem,
    nameOf: (row) => row.platform,
    where: (f) => [
      containsAny(f.q, sharePlatformSetups.appId, sharePlatformSetups.remark),
      f.platform ? eq(sharePlatformSetups.platform, f.platform) : undefined,
    ],
    columns: (input) => {
      const update = input as { app_secret?: string; clear_app_secret?: boolean };
      return {
        ...('platform' in input ? { platform: input.platform } : {}),
        enabled: input.enabled,
        appId: input.app_id,
        linkDomains: input.link_domains,
        remark: input.remark,
        ...(update.app_secret
          ? { appSecretEnc: secrets.seal(update.app_secret) }
          : update.clear_app_secret
            ? { appSecretEnc: null }
            : {}),
      };
    },
    unique: { share_platform_setups_product_platform: 'platform' },
  };
}

/** `/share-platforms`: list, create, update, delete and export of the games' platform set-ups. */
export function sharePlatformRoutes(fastify: FastifyInstance, db: Db, secrets: SecretBox): void {
  const impl = sharePlatformImpl(secrets);
  const service = resourceService(sharePlatformsResource, impl);
  exportedShareRoutes(
    fastify,
    db,
    sharePlatformsResource,
    service,
    impl,
    ['platform', 'enabled', 'app_id', 'app_secret_set', 'link_domains', 'remark'],
    (item: SharePlatformSetup) => ({ ...item, link_domains: item.link_domains.join(' ') }),
  );
}
