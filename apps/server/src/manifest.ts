import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from './db/index.ts';
import type { EventBus } from './lib/events.ts';
import type { JobRunner } from './lib/jobs/index.ts';
import type { ServerModule } from './lib/server-module.ts';
import { announcementsModule } from './modules/announcements/index.ts';
import { approvalsModule } from './modules/approvals/index.ts';
import { autoRepliesModule } from './modules/auto-replies/index.ts';
import { billingPointsModule } from './modules/billing-points/index.ts';
import { channelsModule } from './modules/channels/index.ts';
import { cheatFlagsModule } from './modules/cheat-flags/index.ts';
import { csModule } from './modules/cs/index.ts';
import { codeBatchesModule } from './modules/code-batches/index.ts';
import { errorCodesModule } from './modules/error-codes/index.ts';
import { feedbackTypesModule } from './modules/feedback-types/index.ts';
import { filesModule, type FileStorage } from './modules/files/index.ts';
import { gameApiModule, type GameAnswerCache } from './modules/game-api/index.ts';
import type { SecretBox } from './lib/secret-box.ts';
import type { Outside } from './lib/outside/index.ts';
import { outsidePartiesModule } from './modules/outside-parties/index.ts';
import { giftPackagesModule } from './modules/gift-packages/index.ts';
import { helpCenterModule } from './modules/help-center/index.ts';
import { holidaysModule } from './modules/holidays/index.ts';
import { callbacksModule } from './modules/callbacks/index.ts';
import { debugParamsModule } from './modules/debug-params/index.ts';
import { featureModulesModule } from './modules/feature-modules/index.ts';
import { homeModule } from './modules/home/index.ts';
import { jobsModule } from './modules/jobs/index.ts';
import { mailsModule } from './modules/mails/index.ts';
import { notificationsModule } from './modules/notifications/index.ts';
import { operationLogsModule } from './modules/operation-logs/index.ts';
import { popupsModule } from './modules/popups/index.ts';
import { playerTiersModule } from './modules/player-tiers/index.ts';
import { playersModule, type PlayerRetention } from './modules/players/index.ts';
import { productsModule } from './modules/products/index.ts';
import { profileTagsModule } from './modules/profile-tags/index.ts';
import { propsModule } from './modules/props/index.ts';
import { refundsModule } from './modules/refunds/index.ts';
import { releasesModule } from './modules/releases/index.ts';
import { sanctionsModule } from './modules/sanctions/index.ts';
import { shareModule } from './modules/share/index.ts';
import { socialAccessModule } from './modules/social-access/index.ts';
import { systemAdminModule } from './modules/system-admin/index.ts';
import { ticketsModule } from './modules/tickets/index.ts';
import { userGroupsModule } from './modules/user-groups/index.ts';
import { violationTemplatesModule } from './modules/violation-templates/index.ts';
import { violationsModule } from './modules/violations/index.ts';
import { webActivitiesModule } from './modules/web-activities/index.ts';
import { webShopModule } from './modules/web-shop/index.ts';
import { webSiteModule } from './modules/web-site/index.ts';
import { adsModule } from './modules/ads/index.ts';
import { adLibraryModule } from './modules/ad-library/index.ts';
import { adCostsModule } from './modules/ad-costs/index.ts';
import { adRulesModule } from './modules/ad-rules/index.ts';
import { adMaterialsModule } from './modules/ad-materials/index.ts';
import { adMappingsModule } from './modules/ad-mappings/index.ts';
import { adPromotionsModule } from './modules/ad-promotions/index.ts';
import { adMinigamesModule } from './modules/ad-minigames/index.ts';
import { pushModule } from './modules/push/index.ts';
import { lotteriesModule } from './modules/lotteries/index.ts';
import { landingPagesModule } from './modules/landing-pages/index.ts';
import { shareAdSlotsModule } from './modules/share-ad-slots/index.ts';
import { wechatServiceModule } from './modules/wechat-service/index.ts';
import { incidentsModule } from './modules/incidents/index.ts';
import { accountCancellationsModule } from './modules/account-cancellations/index.ts';
import { documentsModule } from './modules/documents/index.ts';
import { imageReviewsModule } from './modules/image-reviews/index.ts';
import { searchModule } from './modules/search/index.ts';
import { savedViewsModule } from './modules/saved-views/index.ts';

/**
 * The server's modules: `buildApp` registers each one's routes, game routes, jobs, tasks and
 * schedules from here (lib/server-module.ts), in this order. Adding a module is a line here.
 * The sign-in service, live updates, health and the console's files are the app's own (app.ts).
 */

/** What the app gives every module; a module names the part it needs (its routes' options). */
export interface ModuleContext {
  db: Db;
  events: EventBus;
  jobs: JobRunner;
  /** Signs the console's caller in (routes that serve both staff and the public). */
  authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Uploaded files (modules/files): local disk or S3. */
  storage: FileStorage;
  /** The game API's cached answers, which the console's writes of game configuration drop. */
  cache: GameAnswerCache;
  /** Seals game API secrets at rest. */
  secrets: SecretBox;
  /** How long player sign-ins and reported event ids are kept. */
  playerRetention?: Partial<PlayerRetention>;
  /** Days finished jobs are kept. */
  jobRetentionDays?: number;
  /** Each game's outside parties (lib/outside): the game server, payment provider, store… */
  outside: Outside;
  /** Days the outside parties' call log is kept. */
  outsideCallRetentionDays?: number;
  /** What the fake payment provider's notices are checked with (config.ts `fakePaySecret`). */
  fakePaySecret: string;
}

export const MODULES: readonly ServerModule<ModuleContext>[] = [
  notificationsModule,
  approvalsModule,
  productsModule,
  channelsModule,
  propsModule,
  giftPackagesModule,
  billingPointsModule,
  operationLogsModule,
  systemAdminModule,
  homeModule,
  violationTemplatesModule,
  playerTiersModule,
  announcementsModule,
  codeBatchesModule,
  ticketsModule,
  playersModule,
  filesModule,
  profileTagsModule,
  sanctionsModule,
  refundsModule,
  violationsModule,
  cheatFlagsModule,
  mailsModule,
  userGroupsModule,
  webActivitiesModule,
  webSiteModule,
  webShopModule,
  outsidePartiesModule,
  feedbackTypesModule,
  errorCodesModule,
  helpCenterModule,
  autoRepliesModule,
  csModule,
  socialAccessModule,
  shareModule,
  popupsModule,
  holidaysModule,
  callbacksModule,
  debugParamsModule,
  featureModulesModule,
  gameApiModule,
  jobsModule,
  releasesModule,
  adsModule,
  pushModule,
  lotteriesModule,
  landingPagesModule,
  shareAdSlotsModule,
  wechatServiceModule,
  incidentsModule,
  accountCancellationsModule,
  documentsModule,
  imageReviewsModule,
  searchModule,
  savedViewsModule,
  adLibraryModule,
  adCostsModule,
  adRulesModule,
  adMaterialsModule,
  adMappingsModule,
  adPromotionsModule,
  adMinigamesModule,
];
