/** Every table: the core ones (CPs, products, staff, sign-in, operation log) and each module's. */
export * from './schema.ts';
export * from '../modules/channels/tables.ts';
export * from '../modules/props/tables.ts';
export * from '../modules/gift-packages/tables.ts';
export * from '../modules/billing-points/tables.ts';
export * from '../modules/feedback-types/tables.ts';
export * from '../modules/error-codes/tables.ts';
export * from '../modules/help-center/tables.ts';
export * from '../modules/auto-replies/tables.ts';
export * from '../modules/social-access/tables.ts';
export * from '../modules/game-api/tables.ts';
// Background jobs, their items and schedules (lib/jobs).
export * from './jobs.ts';
// The outside-party kit: each game's settings per party, tokens, the call log (lib/outside).
export * from './outside.ts';
// Two-person approval: policies and requests (modules/approvals).
export * from '../modules/approvals/tables.ts';
export * from '../modules/files/tables.ts';
export * from '../modules/players/tables.ts';
export * from '../modules/announcements/tables.ts';
export * from '../modules/web-activities/tables.ts';
export * from '../modules/web-site/tables.ts';
export * from '../modules/web-shop/tables.ts';
export * from '../modules/popups/tables.ts';
// Version release tools: versions and their publishes (modules/releases).
export * from '../modules/releases/tables.ts';
// Ad placement: the media's advertiser accounts (modules/ads).
export * from '../modules/ads/tables.ts';
// The "will go offline" group (issue 33).
export * from '../modules/holidays/tables.ts';
export * from '../modules/callbacks/tables.ts';
// App push: device tokens, push tasks and their deliveries (modules/push).
export * from '../modules/push/tables.ts';
export * from '../modules/debug-params/tables.ts';
export * from '../modules/feature-modules/tables.ts';
// Social sharing part A (issue 30): lotteries, landing pages, share ad slots.
export * from '../modules/lotteries/tables.ts';
export * from '../modules/landing-pages/tables.ts';
export * from '../modules/share-ad-slots/tables.ts';
// WeChat customer-service auto push: rules, windows, callbacks seen, the log (modules/wechat-service).
export * from '../modules/wechat-service/tables.ts';
export * from '../modules/incidents/tables.ts';
export * from '../modules/account-cancellations/tables.ts';
export * from '../modules/documents/tables.ts';
export * from '../modules/image-reviews/tables.ts';
// Saved views of lists: filters, sort and columns under a name (modules/saved-views).
export * from '../modules/saved-views/tables.ts';
// Ad tools' simple lists: titles, copies, labels, sources, apps (modules/ad-library).
export * from '../modules/ad-library/tables.ts';
// Media cost upload for overseas: batches and their rows (modules/ad-costs).
export * from '../modules/ad-costs/tables.ts';
// Automated rules of ad placement: rules, runs and their actions (modules/ad-rules).
export * from '../modules/ad-rules/tables.ts';
// Material library of ad placement: materials and the ad groups that use them (modules/ad-materials).
export * from '../modules/ad-materials/tables.ts';
// Channel mapping: sub-channel ↔ advertiser account and campaign (modules/ad-mappings).
export * from '../modules/ad-mappings/tables.ts';
// Windows and promotion activities of ad placement (modules/ad-promotions).
export * from '../modules/ad-promotions/tables.ts';
// Tencent's mini-game monitor: mini-game days and thresholds (modules/ad-minigames).
export * from '../modules/ad-minigames/tables.ts';
