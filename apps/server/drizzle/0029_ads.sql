CREATE TABLE "ad_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"media" text NOT NULL,
	"account_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"role" text NOT NULL,
	"parent_id" integer,
	"grant_account" text NOT NULL,
	"status" text DEFAULT 'authorized' NOT NULL,
	"media_status" text DEFAULT '' NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"grant_expires_at" timestamp with time zone,
	"synced_at" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"authorized_by" integer,
	"alerted_at" timestamp with time zone,
	"remark" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_accounts" ADD CONSTRAINT "ad_accounts_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_accounts" ADD CONSTRAINT "ad_accounts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_accounts" ADD CONSTRAINT "ad_accounts_parent_id_ad_accounts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."ad_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_accounts_product_media_account" ON "ad_accounts" USING btree ("product_id","media","account_id");--> statement-breakpoint
CREATE INDEX "ad_accounts_cp" ON "ad_accounts" USING btree ("cp_id");--> statement-breakpoint
CREATE INDEX "ad_accounts_parent" ON "ad_accounts" USING btree ("parent_id");