CREATE TABLE "ad_batch_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_batch_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"media" text NOT NULL,
	"name" text NOT NULL,
	"budget" bigint NOT NULL,
	"bid" bigint NOT NULL,
	"layout" text NOT NULL,
	"targeting" jsonb NOT NULL,
	"schedule_start" text DEFAULT '' NOT NULL,
	"schedule_end" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_batch_ads" ADD COLUMN "materials" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_batches" ADD COLUMN "layout" text DEFAULT 'single_image' NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_batches" ADD COLUMN "targeting" jsonb DEFAULT '{"genders":[],"age_min":18,"age_max":50,"regions":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_batches" ADD COLUMN "schedule_start" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_batches" ADD COLUMN "schedule_end" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_batches" ADD COLUMN "template_id" integer;--> statement-breakpoint
ALTER TABLE "ad_batch_templates" ADD CONSTRAINT "ad_batch_templates_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_batch_templates" ADD CONSTRAINT "ad_batch_templates_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_batch_templates_product_media_name" ON "ad_batch_templates" USING btree ("product_id","media","name");--> statement-breakpoint
ALTER TABLE "ad_batches" ADD CONSTRAINT "ad_batches_template_id_ad_batch_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."ad_batch_templates"("id") ON DELETE set null ON UPDATE no action;