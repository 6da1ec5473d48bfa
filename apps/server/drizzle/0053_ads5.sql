CREATE TABLE "ad_material_ads" (
	"material_id" integer NOT NULL,
	"ad_object_id" integer NOT NULL,
	CONSTRAINT "ad_material_ads_material_id_ad_object_id_pk" PRIMARY KEY("material_id","ad_object_id")
);
--> statement-breakpoint
CREATE TABLE "ad_materials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_materials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"file_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"md5" text NOT NULL,
	"width" integer,
	"height" integer,
	"duration_ms" integer,
	"label_ids" integer[] DEFAULT '{}' NOT NULL,
	"source_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "md5" text;--> statement-breakpoint
ALTER TABLE "ad_material_ads" ADD CONSTRAINT "ad_material_ads_material_id_ad_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."ad_materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_material_ads" ADD CONSTRAINT "ad_material_ads_ad_object_id_ad_objects_id_fk" FOREIGN KEY ("ad_object_id") REFERENCES "public"."ad_objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_materials" ADD CONSTRAINT "ad_materials_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_materials" ADD CONSTRAINT "ad_materials_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_materials" ADD CONSTRAINT "ad_materials_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_materials" ADD CONSTRAINT "ad_materials_source_id_ad_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."ad_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_material_ads_object" ON "ad_material_ads" USING btree ("ad_object_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_materials_product_md5" ON "ad_materials" USING btree ("product_id","md5");--> statement-breakpoint
CREATE INDEX "ad_materials_cp" ON "ad_materials" USING btree ("cp_id");--> statement-breakpoint
CREATE INDEX "ad_materials_labels" ON "ad_materials" USING gin ("label_ids");