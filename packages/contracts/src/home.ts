import { z } from 'zod';
import { PUBLISH_AREAS } from './acs.ts';

/**
 * The home page's summary (`GET /api/v1/home/summary`): what waits for the caller, the CP's games
 * with what each holds today, and the caller's recent operations. Figures are counted only for the
 * pages the caller may see; nothing is estimated.
 */

/** Each figure counted per game, with the page it belongs to (whose see permission it needs). */
export const HOME_FIGURES = {
  props: '/projectbase/projectbase-fe/game-prop-config',
  gift_packages: '/basic/gift-list',
  billing_points: '/commercialbasic/shop-billing-config',
  help_articles: '/projectbase/projectbase-fe/help-center',
  help_drafts: '/projectbase/projectbase-fe/help-center',
  error_codes_untranslated: '/basic/error-code',
} as const;
export type HomeFigure = keyof typeof HOME_FIGURES;
/** Figures that ask for work when above zero (shown as such). */
export const HOME_ATTENTION_FIGURES: readonly HomeFigure[] = ['help_drafts', 'error_codes_untranslated'];

/** How many of the caller's own operations the home page shows. */
export const HOME_RECENT_OPERATIONS = 8;

const figureKeys = Object.keys(HOME_FIGURES) as [HomeFigure, ...HomeFigure[]];

export const homeSummaryAnswer = z.object({
  /** The caller's unread notifications, by kind (the header bell's work orders, approvals, notices). */
  unread: z.object({ work_order: z.number(), approval: z.number(), system: z.number() }),
  /** The figures the caller may see (the same for every game). */
  figures: z.array(z.enum(figureKeys)),
  games: z.array(
    z.object({
      id: z.number(),
      code: z.string(),
      name: z.string(),
      region: z.enum(PUBLISH_AREAS),
      counts: z.partialRecord(z.enum(figureKeys), z.number()),
    }),
  ),
  /** The caller's latest operation-log entries, newest first; null when they may not see the log. */
  recent_operations: z
    .array(
      z.object({
        id: z.number(),
        action: z.string(),
        target_type: z.string(),
        target_name: z.string(),
        product_id: z.number().nullable(),
        created_at: z.string(),
      }),
    )
    .nullable(),
});
export type HomeSummary = z.infer<typeof homeSummaryAnswer>;
