import { z } from 'zod';
import { AD_MEDIA, AD_MEDIUM_CODES } from './dimensions.ts';
import { keyword, rowMeta, safeText, versionField } from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * The ad tools' simple lists (issue 31 item 5), described once and configured per kind: the title
 * library (`/api/v1/ad-titles`, Toutiao's `title-library`), copy-writing (`/api/v1/ad-copies`),
 * material labels (`/api/v1/ad-labels`), material sources (`/api/v1/ad-sources`) and applications
 * (`/api/v1/ad-apps`: an app's id and package name on a medium). Each is a list of texts of a game
 * with the few fields its kind uses; titles and copies answer how many batch ads used them.
 *
 * One server module (`modules/ad-library`) and one console page component serve every kind: a new
 * kind is one entry of AD_LIBRARY_SPECS plus its page's folder naming it.
 */

const AD = '/rxlaunch/rxlaunch-fe/deliver-manage';

/** Whether a kind has a field: no, optional (empty allowed) or required. */
type Use = 'none' | 'optional' | 'required';

export interface AdLibrarySpec {
  page: string;
  /** The length the medium allows of the text (Ocean Engine titles: 5 to 30 characters). */
  textMin: number;
  textMax: number;
  /** The medium it is for ('' for any, where optional). */
  media: Use;
  /** The app's id on the medium (applications). */
  app_id: Use;
  /** The Android package name or iOS bundle id (applications). */
  package_name: Use;
  /** Whether the list answers how many batch ads used the text. */
  usage: boolean;
}

export const AD_LIBRARY_SPECS = {
  'ad-titles': {
    page: AD_MEDIA[0].pages['title-library'],
    textMin: 5,
    textMax: 30,
    media: 'optional',
    app_id: 'none',
    package_name: 'none',
    usage: true,
  },
  'ad-copies': {
    page: '/newrxlaunch/copy-writing',
    textMin: 1,
    textMax: 500,
    media: 'optional',
    app_id: 'none',
    package_name: 'none',
    usage: true,
  },
  'ad-labels': {
    page: `${AD}/label`,
    textMin: 1,
    textMax: 32,
    media: 'none',
    app_id: 'none',
    package_name: 'none',
    usage: false,
  },
  'ad-sources': {
    page: `${AD}/add-source`,
    textMin: 1,
    textMax: 64,
    media: 'none',
    app_id: 'none',
    package_name: 'none',
    usage: false,
  },
  'ad-apps': {
    page: `${AD}/application-management`,
    textMin: 1,
    textMax: 64,
    media: 'required',
    app_id: 'required',
    package_name: 'optional',
    usage: false,
  },
} as const satisfies Record<string, AdLibrarySpec>;

export type AdLibraryKind = keyof typeof AD_LIBRARY_SPECS;
export const AD_LIBRARY_KINDS = Object.keys(AD_LIBRARY_SPECS) as AdLibraryKind[];

/** '' (any medium) or a medium's code. */
export const AD_LIBRARY_MEDIA = ['', ...AD_MEDIUM_CODES] as const;

const appId = safeText()
  .trim()
  .max(64)
  .regex(/^[A-Za-z0-9._-]*$/);
/** `com.example.game`: letters, digits and underscores in two or more parts. */
const packageName = safeText()
  .trim()
  .max(255)
  .regex(/^$|^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/);
const off = z.literal('');

const use = (how: Use, required: z.ZodType<string>, optional: z.ZodType<string>): z.ZodType<string> =>
  how === 'required' ? required : how === 'optional' ? optional : off;

/** The fields of a kind (an unused one must stay empty). */
function fieldsOf(spec: AdLibrarySpec) {
  return z.object({
    text: safeText().trim().min(spec.textMin).max(spec.textMax),
    media: use(spec.media, z.enum(AD_MEDIUM_CODES), z.enum(AD_LIBRARY_MEDIA)),
    app_id: use(spec.app_id, appId.min(1), appId),
    package_name: use(spec.package_name, packageName.min(1), packageName),
    note: safeText().trim().max(200),
  });
}

export const adLibraryItem = z.object({
  ...rowMeta,
  text: z.string(),
  media: z.string(),
  app_id: z.string(),
  package_name: z.string(),
  note: z.string(),
  /** Batch ads that used the text (titles and copies; 0 for the other kinds). */
  usage_count: z.number().int(),
});
export type AdLibraryEntry = z.infer<typeof adLibraryItem>;

export const AD_LIBRARY_SORTS = ['id', 'text', 'media', 'updated_at'] as const;

const filters = {
  /** Part of the text, the app id, the package name or the note. */
  q: keyword,
  media: z.enum(AD_MEDIUM_CODES).optional(),
};

function libraryResource<const N extends AdLibraryKind, const L extends AdLibraryTarget>(
  name: N,
  logTarget: L,
) {
  const spec: AdLibrarySpec = AD_LIBRARY_SPECS[name];
  const fields = fieldsOf(spec);
  const create = fields.extend({
    media: spec.media === 'required' ? fields.shape.media : fields.shape.media.default(''),
    app_id: spec.app_id === 'required' ? fields.shape.app_id : fields.shape.app_id.default(''),
    package_name:
      spec.package_name === 'required' ? fields.shape.package_name : fields.shape.package_name.default(''),
    note: fields.shape.note.default(''),
  });
  const used = (['media', 'app_id', 'package_name'] as const).filter((field) => spec[field] !== 'none');
  return defineResource({
    name,
    page: spec.page,
    scope: 'product',
    logTarget,
    namespace: 'adLibrary',
    item: adLibraryItem,
    create,
    update: fields.partial().extend({ version: versionField }),
    list: listQuery(AD_LIBRARY_SORTS, filters),
    export: exportQuery(filters),
    filters: ['q', 'media'],
    sorts: AD_LIBRARY_SORTS,
    remove: 'delete',
    // A row with an id updates it; one without adds a text (a text is listed once per game).
    sheet: { key: 'id', columns: ['text', ...used, 'note'] },
  });
}

type AdLibraryTarget = 'ad_title' | 'ad_copy' | 'ad_label' | 'ad_source' | 'ad_app';

export const adTitlesResource = libraryResource('ad-titles', 'ad_title');
export const adCopiesResource = libraryResource('ad-copies', 'ad_copy');
export const adLabelsResource = libraryResource('ad-labels', 'ad_label');
export const adSourcesResource = libraryResource('ad-sources', 'ad_source');
export const adAppsResource = libraryResource('ad-apps', 'ad_app');

/** Every kind's resource, by its name. */
export const AD_LIBRARY_RESOURCES = {
  'ad-titles': adTitlesResource,
  'ad-copies': adCopiesResource,
  'ad-labels': adLabelsResource,
  'ad-sources': adSourcesResource,
  'ad-apps': adAppsResource,
} as const;
export type AdLibraryResource = (typeof AD_LIBRARY_RESOURCES)[AdLibraryKind];

/** A create body of any kind (fields a kind does not use stay empty). */
export interface AdLibraryCreate {
  text: string;
  media?: string;
  app_id?: string;
  package_name?: string;
  note?: string;
}

export const adLibraryListAnswer = listAnswer(adLibraryItem);
