import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CS_DEFAULT_PANEL,
  csPanelAccess,
  csPanelBody,
  gameCsPanelQuery,
  type CsPanel,
  type GameCsPanel,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { ok } from '../../lib/request.ts';
import { GAME } from '../../lib/route-access.ts';
import { gameLanguage } from '../game-api/index.ts';
import { gameDocument } from './game-document.ts';
import { noticesInForce } from './notices.ts';
import { csPanels } from './tables.ts';

/**
 * The player's service panel (`/api/v1/cs/panel`, page `/service/panel-settings`): greeting, quick
 * questions and help-centre links per language, and what the game reads of it with the notices in
 * force (`GET /api/game/v1/cs/panel`).
 */

const panelDocument = gameDocument<Omit<CsPanel, 'version' | 'updated_at'>>(
  csPanels,
  CS_DEFAULT_PANEL,
  'cs_panel',
);

/** The panel one player sees: their language's entry (else the first), the notices written in their language. */
export async function panelFor(db: Db, productId: number, langTag: string): Promise<GameCsPanel> {
  const panel = await panelDocument.read(db, productId);
  const asked = gameLanguage(langTag);
  const entry = panel.languages.find((e) => e.lang === asked) ?? panel.languages[0];
  const lang = asked ?? entry?.lang ?? 'zh';
  return {
    lang: entry?.lang ?? '',
    greeting: entry?.greeting ?? '',
    quick_questions: entry?.quick_questions ?? [],
    links: entry?.links ?? [],
    notices: await noticesInForce(db, productId, lang),
  };
}

export function csPanelRoutes(fastify: FastifyInstance, db: Db): void {
  panelDocument.routes(fastify, db, {
    path: '/cs/panel',
    access: csPanelAccess,
    body: csPanelBody,
    summary: {
      read: "The game's service panel settings",
      update: "Change the game's service panel (its version)",
    },
  });
}

export function csPanelGameRoutes(fastify: FastifyInstance, db: Db): void {
  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/cs/panel',
    {
      schema: {
        tags: ['game-api'],
        summary: "The service panel in the player's language, with the temporary notices in force",
        querystring: gameCsPanelQuery,
      },
      config: GAME,
    },
    async (request) => ok(await panelFor(db, request.gameCaller!.productId, request.query.lang)),
  );
}
