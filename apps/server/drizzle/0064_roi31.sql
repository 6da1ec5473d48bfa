CREATE TABLE "ad_report_campaign_days" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_report_campaign_days_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"media" text NOT NULL,
	"ad_account_id" integer NOT NULL,
	"campaign_id" text NOT NULL,
	"campaign_name" text DEFAULT '' NOT NULL,
	"day" text NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"conversions" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"pulled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_report_campaign_days" ADD CONSTRAINT "ad_report_campaign_days_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_report_campaign_days" ADD CONSTRAINT "ad_report_campaign_days_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_report_campaign_days" ADD CONSTRAINT "ad_report_campaign_days_ad_account_id_ad_accounts_id_fk" FOREIGN KEY ("ad_account_id") REFERENCES "public"."ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_report_campaign_days_account_campaign_day" ON "ad_report_campaign_days" USING btree ("ad_account_id","campaign_id","day");--> statement-breakpoint
CREATE INDEX "ad_report_campaign_days_product_media_day" ON "ad_report_campaign_days" USING btree ("product_id","media","day");