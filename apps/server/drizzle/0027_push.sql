CREATE TABLE "popup_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "popup_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"popup_id" integer NOT NULL,
	"scene_code" text NOT NULL,
	"openid" text NOT NULL,
	"session" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "popup_scenes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "popup_scenes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"trigger" text NOT NULL,
	"max_popups" integer DEFAULT 1 NOT NULL,
	"cooldown_seconds" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "popups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "popups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"images" jsonb NOT NULL,
	"click_action" text DEFAULT 'none' NOT NULL,
	"click_target" text DEFAULT '' NOT NULL,
	"scene_ids" jsonb NOT NULL,
	"user_group_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tag_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"channels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_version" text DEFAULT '' NOT NULL,
	"max_version" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"priority" integer DEFAULT 0 NOT NULL,
	"cap_per_day" integer DEFAULT 1 NOT NULL,
	"cap_per_session" integer DEFAULT 1 NOT NULL,
	"cap_total" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"approval_id" integer,
	"created_by" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "popup_scenes" ADD CONSTRAINT "popup_scenes_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popup_scenes" ADD CONSTRAINT "popup_scenes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popups" ADD CONSTRAINT "popups_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popups" ADD CONSTRAINT "popups_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "popup_events_product_event" ON "popup_events" USING btree ("product_id","event_id");--> statement-breakpoint
CREATE INDEX "popup_events_player" ON "popup_events" USING btree ("product_id","openid","at");--> statement-breakpoint
CREATE INDEX "popup_events_popup_day" ON "popup_events" USING btree ("popup_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "popup_scenes_product_code" ON "popup_scenes" USING btree ("product_id","code");--> statement-breakpoint
CREATE INDEX "popup_scenes_cp" ON "popup_scenes" USING btree ("cp_id");--> statement-breakpoint
CREATE INDEX "popups_product_status" ON "popups" USING btree ("product_id","status","priority");--> statement-breakpoint
CREATE INDEX "popups_cp" ON "popups" USING btree ("cp_id");