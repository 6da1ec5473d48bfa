CREATE TABLE "ad_minigame_alerts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_minigame_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"metric" text NOT NULL,
	"op" text NOT NULL,
	"value" integer NOT NULL,
	"ad_account_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_minigame_days" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_minigame_days_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"ad_account_id" integer NOT NULL,
	"mini_game_id" text NOT NULL,
	"day" text NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"activations" bigint DEFAULT 0 NOT NULL,
	"registrations" bigint DEFAULT 0 NOT NULL,
	"pay_users_d1" bigint DEFAULT 0 NOT NULL,
	"pay_amount_d1" bigint DEFAULT 0 NOT NULL,
	"pay_amount_d3" bigint DEFAULT 0 NOT NULL,
	"pay_amount_d7" bigint DEFAULT 0 NOT NULL,
	"pay_users" bigint DEFAULT 0 NOT NULL,
	"pay_amount" bigint DEFAULT 0 NOT NULL,
	"pulled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_promotions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"media" text[] NOT NULL,
	"start_day" text NOT NULL,
	"end_day" text NOT NULL,
	"budget" integer DEFAULT 0 NOT NULL,
	"target_cpa" integer DEFAULT 0 NOT NULL,
	"target_roi" integer DEFAULT 0 NOT NULL,
	"target_conversions" integer DEFAULT 0 NOT NULL,
	"ad_account_ids" integer[] NOT NULL,
	"campaign_ids" text[] DEFAULT '{}' NOT NULL,
	"window_id" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_windows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_windows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"media" text NOT NULL,
	"kind" text NOT NULL,
	"mini_program_id" text DEFAULT '' NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"app_ref_id" integer,
	"material_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_minigame_alerts" ADD CONSTRAINT "ad_minigame_alerts_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_minigame_alerts" ADD CONSTRAINT "ad_minigame_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_minigame_alerts" ADD CONSTRAINT "ad_minigame_alerts_ad_account_id_ad_accounts_id_fk" FOREIGN KEY ("ad_account_id") REFERENCES "public"."ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_minigame_days" ADD CONSTRAINT "ad_minigame_days_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_minigame_days" ADD CONSTRAINT "ad_minigame_days_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_minigame_days" ADD CONSTRAINT "ad_minigame_days_ad_account_id_ad_accounts_id_fk" FOREIGN KEY ("ad_account_id") REFERENCES "public"."ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_promotions" ADD CONSTRAINT "ad_promotions_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_promotions" ADD CONSTRAINT "ad_promotions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_promotions" ADD CONSTRAINT "ad_promotions_window_id_ad_windows_id_fk" FOREIGN KEY ("window_id") REFERENCES "public"."ad_windows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_windows" ADD CONSTRAINT "ad_windows_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_windows" ADD CONSTRAINT "ad_windows_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_windows" ADD CONSTRAINT "ad_windows_app_ref_id_ad_apps_id_fk" FOREIGN KEY ("app_ref_id") REFERENCES "public"."ad_apps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_windows" ADD CONSTRAINT "ad_windows_material_id_ad_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."ad_materials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_minigame_alerts_product" ON "ad_minigame_alerts" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_minigame_days_account_game_day" ON "ad_minigame_days" USING btree ("ad_account_id","mini_game_id","day");--> statement-breakpoint
CREATE INDEX "ad_minigame_days_product_day" ON "ad_minigame_days" USING btree ("product_id","day");--> statement-breakpoint
CREATE INDEX "ad_promotions_product" ON "ad_promotions" USING btree ("product_id","start_day");--> statement-breakpoint
CREATE INDEX "ad_promotions_cp" ON "ad_promotions" USING btree ("cp_id");--> statement-breakpoint
CREATE INDEX "ad_promotions_accounts" ON "ad_promotions" USING gin ("ad_account_ids");--> statement-breakpoint
CREATE INDEX "ad_windows_product" ON "ad_windows" USING btree ("product_id","media");--> statement-breakpoint
CREATE INDEX "ad_windows_cp" ON "ad_windows" USING btree ("cp_id");