CREATE TABLE "app_packages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"platform" text NOT NULL,
	"channel" text DEFAULT '' NOT NULL,
	"sub_channel" text DEFAULT '' NOT NULL,
	"version_name" text NOT NULL,
	"version_code" integer NOT NULL,
	"file_id" text NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"download_url" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'testing' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "version_fields" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "version_fields_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"default_value" jsonb NOT NULL,
	"json_schema" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_releases" ADD COLUMN "field_values" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "app_packages" ADD CONSTRAINT "app_packages_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_packages" ADD CONSTRAINT "app_packages_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_packages" ADD CONSTRAINT "app_packages_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_fields" ADD CONSTRAINT "version_fields_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_fields" ADD CONSTRAINT "version_fields_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_packages_product_target_code" ON "app_packages" USING btree ("product_id","platform","channel","sub_channel","version_code");--> statement-breakpoint
CREATE INDEX "app_packages_file" ON "app_packages" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "app_packages_cp" ON "app_packages" USING btree ("cp_id");--> statement-breakpoint
CREATE INDEX "app_packages_product_updated" ON "app_packages" USING btree ("product_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "version_fields_product_key" ON "version_fields" USING btree ("product_id","key");--> statement-breakpoint
CREATE INDEX "version_fields_cp" ON "version_fields" USING btree ("cp_id");--> statement-breakpoint
CREATE INDEX "version_fields_product_updated" ON "version_fields" USING btree ("product_id","updated_at");