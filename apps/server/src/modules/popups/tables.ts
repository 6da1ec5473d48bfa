import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PopupClickAction, PopupEventType, PopupImage, RecordStatus, SceneTrigger } from '@rx/contracts';
import { at, bigSerialId, editStamps, gameRow, goLiveColumns } from '../../db/schema.ts';

/** A product's pop-up exposure scenes (`/commercialactivity/scene-config`). */
export const popupScenes = pgTable(
  'popup_scenes',
  {
    ...gameRow(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    trigger: text('trigger').$type<SceneTrigger>().notNull(),
    maxPopups: integer('max_popups').notNull().default(1),
    cooldownSeconds: integer('cooldown_seconds').notNull().default(0),
    status: text('status').$type<RecordStatus>().notNull().default('active'),
    description: text('description').notNull().default(''),
    ...editStamps(),
  },
  (t) => [
    uniqueIndex('popup_scenes_product_code').on(t.productId, t.code),
    index('popup_scenes_cp').on(t.cpId),
  ],
);

/** A product's in-game pop-ups (`/commercialactivity/window-config`), along the shared lifecycle. */
export const popups = pgTable(
  'popups',
  {
    ...gameRow(),
    name: text('name').notNull(),
    images: jsonb('images').$type<PopupImage[]>().notNull(),
    clickAction: text('click_action').$type<PopupClickAction>().notNull().default('none'),
    clickTarget: text('click_target').notNull().default(''),
    sceneIds: jsonb('scene_ids').$type<number[]>().notNull(),
    userGroupIds: jsonb('user_group_ids').$type<number[]>().notNull().default([]),
    tagIds: jsonb('tag_ids').$type<number[]>().notNull().default([]),
    channels: jsonb('channels').$type<string[]>().notNull().default([]),
    minVersion: text('min_version').notNull().default(''),
    maxVersion: text('max_version').notNull().default(''),
    startAt: at('start_at'),
    endAt: at('end_at'),
    priority: integer('priority').notNull().default(0),
    capPerDay: integer('cap_per_day').notNull().default(1),
    capPerSession: integer('cap_per_session').notNull().default(1),
    capTotal: integer('cap_total').notNull().default(0),
    ...goLiveColumns(),
  },
  (t) => [
    index('popups_product_status').on(t.productId, t.status, t.priority),
    index('popups_cp').on(t.cpId),
  ],
);

/**
 * What games report of a pop-up (exposure, click, close), one row per event id: the caps and the
 * cool-down count a player's exposures, the stats count all three.
 */
export const popupEvents = pgTable(
  'popup_events',
  {
    id: bigSerialId(),
    productId: integer('product_id').notNull(),
    eventId: text('event_id').notNull(),
    popupId: integer('popup_id').notNull(),
    sceneCode: text('scene_code').notNull(),
    openid: text('openid').notNull(),
    session: text('session').notNull().default(''),
    type: text('type').$type<PopupEventType>().notNull(),
    at: at('at').notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('popup_events_product_event').on(t.productId, t.eventId),
    index('popup_events_player').on(t.productId, t.openid, t.at),
    index('popup_events_popup_day').on(t.popupId, t.at),
  ],
);
export type PopupEventRow = typeof popupEvents.$inferSelect;
