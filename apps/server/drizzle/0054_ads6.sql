CREATE TABLE "ad_mappings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_mappings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"sub_channel_id" integer NOT NULL,
	"media" text NOT NULL,
	"ad_account_id" integer NOT NULL,
	"campaign_id" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_rule_actions" ADD COLUMN "before_value" bigint;--> statement-breakpoint
ALTER TABLE "ad_rule_actions" ADD COLUMN "after_value" bigint;--> statement-breakpoint
ALTER TABLE "ad_mappings" ADD CONSTRAINT "ad_mappings_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_mappings" ADD CONSTRAINT "ad_mappings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_mappings" ADD CONSTRAINT "ad_mappings_sub_channel_id_sub_channels_id_fk" FOREIGN KEY ("sub_channel_id") REFERENCES "public"."sub_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_mappings" ADD CONSTRAINT "ad_mappings_ad_account_id_ad_accounts_id_fk" FOREIGN KEY ("ad_account_id") REFERENCES "public"."ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_mappings_sub_channel_campaign" ON "ad_mappings" USING btree ("sub_channel_id","campaign_id");--> statement-breakpoint
CREATE INDEX "ad_mappings_product" ON "ad_mappings" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "ad_mappings_account" ON "ad_mappings" USING btree ("ad_account_id");