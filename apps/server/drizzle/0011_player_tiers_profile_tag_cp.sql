CREATE TABLE "player_tier_daily" (
	"product_id" integer NOT NULL,
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"tier" text NOT NULL,
	"players" integer NOT NULL,
	CONSTRAINT "player_tier_daily_product_id_day_dimension_tier_pk" PRIMARY KEY("product_id","day","dimension","tier")
);
--> statement-breakpoint
CREATE TABLE "player_tier_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "player_tier_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"player_id" bigint NOT NULL,
	"day" date NOT NULL,
	"pay_tier" text NOT NULL,
	"activity_tier" text NOT NULL,
	"previous_pay_tier" text,
	"previous_activity_tier" text,
	"paid" bigint DEFAULT 0 NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_tier_settings" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"cp_id" integer NOT NULL,
	"basis" text DEFAULT 'days30' NOT NULL,
	"small_min" bigint NOT NULL,
	"mid_min" bigint NOT NULL,
	"whale_min" bigint NOT NULL,
	"time_zone" text DEFAULT 'Asia/Shanghai' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_tiers" (
	"product_id" integer NOT NULL,
	"player_id" bigint NOT NULL,
	"pay_tier" text NOT NULL,
	"activity_tier" text NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_tiers_product_id_player_id_pk" PRIMARY KEY("product_id","player_id")
);
--> statement-breakpoint
ALTER TABLE "profile_tags" ADD COLUMN "cp_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "player_tier_settings" ADD CONSTRAINT "player_tier_settings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_tier_settings" ADD CONSTRAINT "player_tier_settings_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_tier_history_player" ON "player_tier_history" USING btree ("product_id","player_id","at");--> statement-breakpoint
CREATE INDEX "player_tier_history_time" ON "player_tier_history" USING btree ("at");--> statement-breakpoint
CREATE INDEX "player_tiers_pay" ON "player_tiers" USING btree ("product_id","pay_tier");--> statement-breakpoint
CREATE INDEX "player_tiers_activity" ON "player_tiers" USING btree ("product_id","activity_tier");--> statement-breakpoint
ALTER TABLE "profile_tags" ADD CONSTRAINT "profile_tags_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;