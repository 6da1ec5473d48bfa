import { and, eq, max, or } from 'drizzle-orm';
import { appReleasesResource, type AppRelease } from '@rx/contracts';
import { containsAny } from '../../lib/list.ts';
import { FieldProblems, ruleError } from '../../lib/problems.ts';
import { resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { autoSheet } from '../../lib/sheet.ts';
import { inScope } from '../../lib/scope.ts';
import { appReleasePublishes, appReleases, bugs, testPlans } from './tables.ts';
import { checkFieldValues } from './version-fields.ts';
import { stamps } from '../../lib/rows.ts';

type Row = typeof appReleases.$inferSelect;

/** What the game's version check reads of a version: listed with it, and copied by a publish. */
export const checkedFields = (row: Row) => ({
  platform: row.platform,
  channel: row.channel,
  version_name: row.versionName,
  version_code: row.versionCode,
  min_version_code: row.minVersionCode,
  blocked_version_codes: row.blockedVersionCodes,
  update_mode: row.updateMode,
  store_url: row.storeUrl,
  download_url: row.downloadUrl,
  update_text: row.updateText,
  whitelist_openids: row.whitelistOpenids,
  whitelist_devices: row.whitelistDevices,
});

export function toItem(row: Row): AppRelease {
  return {
    id: row.id,
    product_id: row.productId,
    ...checkedFields(row),
    changelog: row.changelog,
    note: row.note,
    field_values: row.fieldValues,
    status: row.status,
    rollout_percent: row.rolloutPercent,
    published_number: row.publishedNumber,
    ...stamps(row),
  };
}

export const nameOf = (row: Pick<Row, 'platform' | 'channel' | 'versionName' | 'versionCode'>) =>
  `${row.platform}${row.channel ? `/${row.channel}` : ''} ${row.versionName} (${row.versionCode})`;

export const releaseImpl: ResourceImpl<typeof appReleasesResource, typeof appReleases, AppRelease, null> = {
  table: appReleases,
  toItem,
  nameOf,
  where: (f) => [
    containsAny(f.q, appReleases.versionName, appReleases.note),
    f.platform ? eq(appReleases.platform, f.platform) : undefined,
    f.channel !== undefined ? eq(appReleases.channel, f.channel) : undefined,
    f.status ? eq(appReleases.status, f.status) : undefined,
  ],
  columns: (input) => ({
    platform: input.platform,
    channel: input.channel,
    versionName: input.version_name,
    versionCode: input.version_code,
    minVersionCode: input.min_version_code,
    blockedVersionCodes: input.blocked_version_codes,
    updateMode: input.update_mode,
    storeUrl: input.store_url,
    downloadUrl: input.download_url,
    updateText: input.update_text,
    changelog: input.changelog,
    whitelistOpenids: input.whitelist_openids,
    whitelistDevices: input.whitelist_devices,
    note: input.note,
    fieldValues: input.field_values,
  }),
  // The build number names the version on its platform and channel for good (publishes copy it).
  immutable: ['platform', 'channel', 'version_code'],
  unique: { app_releases_product_target_code: 'version_code' },
  async check(db, scope, input, before) {
    const versionCode = input.version_code ?? before?.versionCode;
    const problems = new FieldProblems(scope.lang);
    // An update is checked on the merged codes: a new minimum or blocked list still lies below the build.
    if (before && versionCode !== undefined) {
      if ((input.min_version_code ?? before.minVersionCode) > versionCode)
        problems.add('min_version_code', 'not_above_version');
      if ((input.blocked_version_codes ?? []).some((code) => code >= versionCode))
        problems.add('blocked_version_codes', 'below_version');
    }
    if (!before && input.platform && input.version_code !== undefined) {
      // Build numbers only rise per platform and channel: a new version is above every one there.
      const [highest] = await db
        .select({ code: max(appReleases.versionCode) })
        .from(appReleases)
        .where(
          and(
            inScope(appReleases, scope),
            eq(appReleases.platform, input.platform),
            eq(appReleases.channel, input.channel ?? ''),
          ),
        );
      if (highest?.code != null && input.version_code <= highest.code)
        problems.add('version_code', 'version_code_not_higher', { code: highest.code });
    }
    if (input.field_values) await checkFieldValues(db, scope, input.field_values, problems);
    problems.throwIfAny();
  },
  // A version that reached players stays, with its publishes (the log and rollback read them).
  async usage(db, scope, row) {
    const [published] = await db
      .select({ id: appReleasePublishes.id })
      .from(appReleasePublishes)
      .where(eq(appReleasePublishes.releaseId, row.id))
      .limit(1);
    if (published) throw ruleError(scope.lang, 'published_kept');
    // Test plans and bugs name the version (the runs were against it).
    const [plan] = await db
      .select({ id: testPlans.id })
      .from(testPlans)
      .where(eq(testPlans.releaseId, row.id))
      .limit(1);
    const [bug] = await db
      .select({ id: bugs.id })
      .from(bugs)
      .where(or(eq(bugs.foundReleaseId, row.id), eq(bugs.fixedReleaseId, row.id)))
      .limit(1);
    if (plan || bug) throw ruleError(scope.lang, 'version_tested');
    return [];
  },
  sheet: autoSheet<AppRelease>(appReleasesResource),
};

export const releaseService = resourceService(appReleasesResource, releaseImpl);
