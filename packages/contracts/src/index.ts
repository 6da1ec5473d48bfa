export * from './languages.ts';
export * from './errors.ts';
export * from './validation.ts';
export * from './acs.ts';
export * from './pages.ts';
export * from './dimensions.ts';
export * from './notifications.ts';
export * from './fields.ts';
export * from './required-language.ts';
export * from './lists.ts';
export * from './products.ts';
export * from './channels.ts';
export * from './props.ts';
export * from './share.ts';
export * from './gift-packages.ts';
export * from './billing-points.ts';
export * from './operation-logs.ts';
export * from './system-admin.ts';
export * from './feedback-types.ts';
export * from './error-codes.ts';
export * from './help-center.ts';
export * from './auto-replies.ts';
export * from './social-access.ts';
export * from './game-api.ts';
export * from './files.ts';
export * from './resource.ts';
// The shared lifecycle of content that goes live, and two-person approval.
export * from './lifecycle.ts';
export * from './approvals.ts';
// Background jobs (lists, items, the answer of an action that became a job).
export * from './jobs.ts';
export * from './players.ts';
export * from './user-groups.ts';
// Exchange codes (batches, codes, redemption through the game API).
export * from './code-batches.ts';
export * from './sanctions.ts';
export * from './violation-templates.ts';
export * from './profile-tags.ts';
export * from './player-tiers.ts';
// Announcements (notices games show: pop-ups, board, marquee, maintenance).
export * from './announcements.ts';
// System mail (per-language mail with attachments, fan-out per player, the game's inbox).
export * from './mails.ts';
export * from './refunds.ts';
export * from './web-shop.ts';
// The web recharge site's top-up activities, configuration and protocols.
export * from './web-site.ts';
export * from './tickets.ts';
export * from './violations.ts';
// Anti-cheat users (flags raised by games, server rules or staff; review, confirm, whitelist).
export * from './cheat-flags.ts';
// Outside parties (the game server, payment providers, stores): kinds, settings, call log.
export * from './outside-parties.ts';
// In-game pop-ups and their exposure scenes; the game API's pop-up answer and events.
export * from './popups.ts';
// Version release tools: versions with staged rollout, the game's version check.
export * from './releases.ts';
export * from './app-packages.ts';
export * from './version-fields.ts';
export * from './version-logs.ts';
// Ad placement (issue 31): advertiser accounts across the media.
export * from './ads.ts';
export * from './ad-reports.ts';
export * from './ad-batches.ts';
export * from './ad-batch-templates.ts';
// Customer service in real time: conversations, the workbench, the service pages (issue 32).
export * from './cs.ts';
export * from './cs-blacklist.ts';
// The "will go offline" group: holiday calendars, callbacks, feature modules, debug parameters.
export * from './holidays.ts';
export * from './callbacks.ts';
export * from './debug-params.ts';
export * from './feature-modules.ts';
export * from './incidents.ts';
export * from './account-cancellations.ts';
export * from './documents.ts';
export * from './image-reviews.ts';
// App push (issue 28): device tokens registered by games, push tasks, their deliveries and stats.
export * from './push.ts';
// Test management and bugs (issue 29): test plans, cases, runs, test accounts; bugs.
export * from './testing.ts';
export * from './bugs.ts';
export * from './cs-settings.ts';
export * from './cs-insights.ts';
export * from './cs-panel.ts';
export * from './cs-quality.ts';
// Social sharing part A (issue 30): lotteries, landing pages, share ad scheduling.
export * from './lotteries.ts';
export * from './landing-pages.ts';
export * from './share-ad-slots.ts';
// Share tracking (issue 30): the funnel share → click → install → register → pay, invite rewards.
export * from './share-tracking.ts';
// Share material strategies (issue 30): invite, password, video, app and mini-game sharing.
export * from './share-materials.ts';
// Mini-game subscription (issue 28): WeChat templates, field mapping, the grant ledger.
export * from './push-subscriptions.ts';
// WeChat customer-service auto push (issue 28): rules by trigger, the signed callback, the windows.
export * from './wechat-service.ts';
// Ad tools (issue 31 item 5): titles, copies, labels, sources and apps, one description per kind.
export * from './ad-library.ts';
// Media cost upload for overseas (issue 31 item 5): versioned batches with rollback.
export * from './ad-costs.ts';
// Delivery (issue 31 item 2): the media's live objects mirrored, edits sent with their tokens.
export * from './ad-objects.ts';
// Automated rules (issue 31 item 5): conditions over report figures → actions on live objects.
export * from './ad-rules.ts';
// Material library and its effect report (issue 31 item 5): MD5-deduplicated images and videos.
export * from './ad-materials.ts';
// Channel mapping (issue 31 item 5): sub-channel ↔ an advertiser account and campaign, for ROI.
export * from './ad-mappings.ts';
// The service desk's player pages (issue 32): user management with agents' notes, the user order query.
export * from './cs-desk.ts';
export * from './ad-windows.ts';
export * from './ad-promotions.ts';
export * from './ad-minigames.ts';
// A player's mails and code redemptions on the profile (issue 27).
export * from './player-history.ts';
