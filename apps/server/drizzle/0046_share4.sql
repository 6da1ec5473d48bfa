CREATE TABLE "share_invite_rewards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"invitee" text NOT NULL,
	"sharer" text NOT NULL,
	"event" text NOT NULL,
	"state" text NOT NULL,
	"mail_id" integer,
	"gift_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_material_strategies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "share_material_strategies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"material" text NOT NULL,
	"name" text NOT NULL,
	"platforms" jsonb NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"target_url" text DEFAULT '' NOT NULL,
	"deep_link" text DEFAULT '' NOT NULL,
	"reward_text" text DEFAULT '' NOT NULL,
	"template" text DEFAULT '' NOT NULL,
	"valid_hours" integer,
	"video_url" text DEFAULT '' NOT NULL,
	"hashtags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"app_id" text DEFAULT '' NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_tracking_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "share_tracking_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"reward_on" text DEFAULT 'off' NOT NULL,
	"reward_gift_id" integer,
	"reward_title" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_videos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "share_videos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"platform" text NOT NULL,
	"name" text NOT NULL,
	"video_url" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"cover_url" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"hashtags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"scene" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "share_events" ALTER COLUMN "click_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "share_events" ALTER COLUMN "link_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "share_clicks" ADD COLUMN "strategy_id" integer;--> statement-breakpoint
ALTER TABLE "share_clicks" ADD COLUMN "variant" text;--> statement-breakpoint
ALTER TABLE "share_events" ADD COLUMN "platform" text;--> statement-breakpoint
ALTER TABLE "share_events" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "share_events" ADD COLUMN "campaign" text;--> statement-breakpoint
ALTER TABLE "share_events" ADD COLUMN "strategy_id" integer;--> statement-breakpoint
ALTER TABLE "share_events" ADD COLUMN "variant" text;--> statement-breakpoint
ALTER TABLE "share_material_strategies" ADD CONSTRAINT "share_material_strategies_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_material_strategies" ADD CONSTRAINT "share_material_strategies_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_tracking_settings" ADD CONSTRAINT "share_tracking_settings_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_tracking_settings" ADD CONSTRAINT "share_tracking_settings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_videos" ADD CONSTRAINT "share_videos_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_videos" ADD CONSTRAINT "share_videos_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "share_invite_rewards_product_invitee" ON "share_invite_rewards" USING btree ("product_id","invitee");--> statement-breakpoint
CREATE INDEX "share_invite_rewards_product_sharer" ON "share_invite_rewards" USING btree ("product_id","sharer");--> statement-breakpoint
CREATE INDEX "share_material_strategies_product_material" ON "share_material_strategies" USING btree ("product_id","material","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "share_tracking_settings_product" ON "share_tracking_settings" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "share_videos_product_platform" ON "share_videos" USING btree ("product_id","platform","updated_at");--> statement-breakpoint
CREATE INDEX "share_events_product_created" ON "share_events" USING btree ("product_id","created_at");