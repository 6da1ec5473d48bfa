import { z } from 'zod';
import { AD_MEDIUM_CODES, type AdMediumCode } from './dimensions.ts';
import { idField, keyword, queryFlag, rowMeta, safeText, versionField } from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * Window management (issue 31 item 5; `/api/v1/ad-windows`, page `window-manage`): the game's
 * showcase "windows" — the landing entries its ads open on a medium. A window names the medium, what
 * it opens (a WeChat mini-game / mini-program path, an H5 address, or an app of `ad-apps` on the same
 * medium) and its cover image, an image of the material library that must keep to the medium's
 * landscape cover rule (AD_WINDOW_IMAGE). Disabled windows stay listed but are not offered to ads.
 * Promotion activities (`ad-promotions`) name the window their ads land on.
 */

const AD = '/rxlaunch/rxlaunch-fe/deliver-manage';

export const AD_WINDOW_KINDS = ['mini_program', 'h5', 'app'] as const;
export type AdWindowKind = (typeof AD_WINDOW_KINDS)[number];

/**
 * Each medium's cover image for a landing entry (landscape large image, from the media's creative
 * specifications): width ÷ height within 1% of `ratio`, at least `minWidth` × `minHeight` pixels.
 */
export const AD_WINDOW_IMAGE: Record<AdMediumCode, { ratio: number; minWidth: number; minHeight: number }> = {
  jrtt: { ratio: 16 / 9, minWidth: 1280, minHeight: 720 },
  tencent: { ratio: 16 / 9, minWidth: 1280, minHeight: 720 },
  kuaishou: { ratio: 16 / 9, minWidth: 1280, minHeight: 720 },
  oppo: { ratio: 16 / 9, minWidth: 1280, minHeight: 720 },
  honor: { ratio: 16 / 9, minWidth: 1280, minHeight: 720 },
  vivo: { ratio: 16 / 9, minWidth: 1280, minHeight: 720 },
  huawei: { ratio: 16 / 9, minWidth: 1080, minHeight: 607 },
} as Record<AdMediumCode, { ratio: number; minWidth: number; minHeight: number }>;

/** Whether an image of these sides fits the medium's cover rule: null, 'ratio' or 'small'. */
export function adWindowImageProblem(media: string, width: number, height: number): 'ratio' | 'small' | null {
  const rule = AD_WINDOW_IMAGE[media as AdMediumCode];
  if (!rule) return null;
  if (Math.abs(width / height / rule.ratio - 1) > 0.01) return 'ratio';
  if (width < rule.minWidth || height < rule.minHeight) return 'small';
  return null;
}

/**
 * A WeChat mini-game or mini-program's AppID: `wx` and 16 hexadecimal digits. An Ocean Engine
 * window may name it by its original id instead (`gh_` and 12 hexadecimal digits): Ocean Engine
 * registers a mini-game asset by that id and answers no AppID for it (`v3.0/tools/wechat_game/list/`).
 */
const miniProgramId = safeText()
  .trim()
  .regex(/^(wx[0-9a-f]{16}|gh_[0-9a-f]{12})?$/);
/** Whether a window's mini-game id is an original id (`gh_…`), which only Ocean Engine windows take. */
export const isOriginalMiniGameId = (id: string | undefined) => Boolean(id?.startsWith('gh_'));
/** The page path inside the mini-program, with its query (`pages/index/index?from=ad`). */
const miniProgramPath = safeText()
  .trim()
  .max(256)
  .regex(/^([A-Za-z0-9_\-/.]+(\?[A-Za-z0-9_\-=&%.]*)?)?$/);
/** An H5 landing address (https only: the media refuse plain http). */
const h5Url = safeText()
  .trim()
  .max(500)
  .regex(/^(https:\/\/[^\s/$.?#][^\s]*)?$/);

const adWindowFields = z.object({
  name: safeText().trim().min(1).max(60),
  media: z.enum(AD_MEDIUM_CODES),
  kind: z.enum(AD_WINDOW_KINDS),
  mini_program_id: miniProgramId,
  path: miniProgramPath,
  url: h5Url,
  /** A row of `ad-apps` of the same medium (kind `app`). */
  app_ref_id: idField.nullable(),
  /** An image of the material library (the cover). */
  material_id: idField,
  enabled: z.boolean(),
  note: safeText().trim().max(200),
});

/** What a kind needs: a mini-program's AppID (its path may be empty: the home page), an address, an app. */
function kindNeeds(
  w: {
    media?: string;
    kind?: AdWindowKind;
    mini_program_id?: string;
    url?: string;
    app_ref_id?: number | null;
  },
  ctx: z.RefinementCtx,
) {
  const need = (path: string) => ctx.addIssue({ code: 'custom', path: [path], params: { key: 'required' } });
  if (w.kind === 'mini_program' && !w.mini_program_id) need('mini_program_id');
  if (w.kind === 'mini_program' && isOriginalMiniGameId(w.mini_program_id) && w.media !== 'jrtt')
    ctx.addIssue({ code: 'custom', path: ['mini_program_id'], params: { key: 'invalid' } });
  if (w.kind === 'h5' && !w.url) need('url');
  if (w.kind === 'app' && !w.app_ref_id) need('app_ref_id');
}

export const adWindowCreateBody = adWindowFields
  .extend({
    mini_program_id: miniProgramId.default(''),
    path: miniProgramPath.default(''),
    url: h5Url.default(''),
    app_ref_id: idField.nullable().default(null),
    enabled: z.boolean().default(true),
    note: adWindowFields.shape.note.default(''),
  })
  .superRefine(kindNeeds);
export type AdWindowCreate = z.input<typeof adWindowCreateBody>;
export const adWindowUpdateBody = adWindowFields.partial().extend({ version: versionField });

export const adWindowItem = adWindowFields.extend({
  ...rowMeta,
  app_ref_id: z.number().int().nullable(),
  /** Null once the cover's material was deleted from the library. */
  material_id: z.number().int().nullable(),
  /** The app's name and id on the medium (kind `app`). */
  app_name: z.string(),
  /** The cover's address and sides. */
  image_url: z.string(),
  image_width: z.number().int().nullable(),
  image_height: z.number().int().nullable(),
  /** Promotion activities that land on it. */
  promotion_count: z.number().int(),
});
export type AdWindow = z.infer<typeof adWindowItem>;

export const AD_WINDOW_SORTS = ['id', 'name', 'media', 'updated_at'] as const;
const filters = {
  /** Part of the name, the AppID, the path, the address or the note. */
  q: keyword,
  media: z.enum(AD_MEDIUM_CODES).optional(),
  kind: z.enum(AD_WINDOW_KINDS).optional(),
  enabled: queryFlag,
};
export const adWindowListQuery = listQuery(AD_WINDOW_SORTS, filters);
export const adWindowExportQuery = exportQuery(filters);
export const adWindowListAnswer = listAnswer(adWindowItem);

export const adWindowsResource = defineResource({
  name: 'ad-windows',
  page: `${AD}/window-manage`,
  scope: 'product',
  logTarget: 'ad_window',
  namespace: 'adWindows',
  item: adWindowItem,
  create: adWindowCreateBody,
  update: adWindowUpdateBody,
  list: adWindowListQuery,
  export: adWindowExportQuery,
  filters: ['q', 'media', 'kind', 'enabled'],
  sorts: AD_WINDOW_SORTS,
  remove: 'delete',
  sheet: {
    key: 'id',
    columns: [
      'name',
      'media',
      'kind',
      'mini_program_id',
      'path',
      'url',
      'app_ref_id',
      'material_id',
      'enabled',
      'note',
    ],
  },
});

/** What the form chooses from: the medium's apps and the game's image materials. */
export const adWindowChoicesQuery = z.object({ media: z.enum(AD_MEDIUM_CODES), q: keyword });
export const adWindowChoices = z.object({
  apps: z.array(z.object({ id: z.number().int(), text: z.string(), app_id: z.string() })),
  images: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      url: z.string(),
      width: z.number().int().nullable(),
      height: z.number().int().nullable(),
    }),
  ),
});
export type AdWindowChoices = z.infer<typeof adWindowChoices>;
