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
ALTER TABLE "share_events" ALTER COLUMN "click_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "share_events" ALTER COLUMN "link_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "share_clicks" ADD COLUMN "strategy_id" integer;--> statement-breakpoint
ALTER TABLE "share_clicks" ADD COLUMN "variant" text;--> statement-breakpoint
ALTER TABLE "share_events" ADD COLUMN "platform" text;--> statement-breakpoint
ALTER TABLE "share_events" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "share_events" ADD COLUMN "campaign" text;--> statement-breakpoint
ALTER TABLE "share_events" ADD COLUMN "strategy_id" integer;--> statement-breakpoint
ALTER TABLE "share_events" ADD COLUMN "variant" text;--> statement-breakpoint
ALTER TABLE "share_tracking_settings" ADD CONSTRAINT "share_tracking_settings_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_tracking_settings" ADD CONSTRAINT "share_tracking_settings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "share_invite_rewards_product_invitee" ON "share_invite_rewards" USING btree ("product_id","invitee");--> statement-breakpoint
CREATE INDEX "share_invite_rewards_product_sharer" ON "share_invite_rewards" USING btree ("product_id","sharer");--> statement-breakpoint
CREATE UNIQUE INDEX "share_tracking_settings_product" ON "share_tracking_settings" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "share_events_product_created" ON "share_events" USING btree ("product_id","created_at");