CREATE TABLE "app_release_publishes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app_release_publishes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"platform" text NOT NULL,
	"channel" text NOT NULL,
	"number" integer NOT NULL,
	"action" text NOT NULL,
	"release_id" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"percent" integer NOT NULL,
	"halted" boolean DEFAULT false NOT NULL,
	"rollback_of" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_releases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app_releases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"platform" text NOT NULL,
	"channel" text DEFAULT '' NOT NULL,
	"version_name" text NOT NULL,
	"version_code" integer NOT NULL,
	"min_version_code" integer DEFAULT 0 NOT NULL,
	"blocked_version_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"update_mode" text DEFAULT 'optional' NOT NULL,
	"store_url" text DEFAULT '' NOT NULL,
	"download_url" text DEFAULT '' NOT NULL,
	"update_text" jsonb NOT NULL,
	"whitelist_openids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"whitelist_devices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"rollout_percent" integer DEFAULT 0 NOT NULL,
	"published_number" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_release_publishes" ADD CONSTRAINT "app_release_publishes_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_release_publishes" ADD CONSTRAINT "app_release_publishes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_release_publishes" ADD CONSTRAINT "app_release_publishes_release_id_app_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."app_releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_releases" ADD CONSTRAINT "app_releases_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_releases" ADD CONSTRAINT "app_releases_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_release_publishes_target_number" ON "app_release_publishes" USING btree ("product_id","platform","channel","number");--> statement-breakpoint
CREATE INDEX "app_release_publishes_release" ON "app_release_publishes" USING btree ("release_id");--> statement-breakpoint
CREATE INDEX "app_release_publishes_cp" ON "app_release_publishes" USING btree ("cp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "app_releases_product_target_code" ON "app_releases" USING btree ("product_id","platform","channel","version_code");--> statement-breakpoint
CREATE INDEX "app_releases_cp" ON "app_releases" USING btree ("cp_id");--> statement-breakpoint
CREATE INDEX "app_releases_product_updated" ON "app_releases" USING btree ("product_id","updated_at");