CREATE TABLE "web_activities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "web_activities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"kind" text NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"tiers" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_activity_grants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "web_activity_grants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"activity_id" integer NOT NULL,
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"openid" text NOT NULL,
	"tier" integer NOT NULL,
	"gift_package_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"granted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_activity_orders" (
	"activity_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"openid" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "web_activity_orders_activity_id_order_no_pk" PRIMARY KEY("activity_id","order_no")
);
--> statement-breakpoint
CREATE TABLE "web_activity_progress" (
	"activity_id" integer NOT NULL,
	"openid" text NOT NULL,
	"total_minor" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "web_activity_progress_activity_id_openid_pk" PRIMARY KEY("activity_id","openid")
);
--> statement-breakpoint
CREATE TABLE "web_protocol_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "web_protocol_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"number" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" text DEFAULT '' NOT NULL,
	"updated_by" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_sites" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "web_sites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"domains" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payment_methods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_language" text DEFAULT 'en' NOT NULL,
	"support_email" text DEFAULT '' NOT NULL,
	"maintenance" boolean DEFAULT false NOT NULL,
	"maintenance_message" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "web_activities" ADD CONSTRAINT "web_activities_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_activities" ADD CONSTRAINT "web_activities_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_activity_grants" ADD CONSTRAINT "web_activity_grants_activity_id_web_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."web_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_activity_orders" ADD CONSTRAINT "web_activity_orders_activity_id_web_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."web_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_activity_progress" ADD CONSTRAINT "web_activity_progress_activity_id_web_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."web_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_protocol_versions" ADD CONSTRAINT "web_protocol_versions_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_protocol_versions" ADD CONSTRAINT "web_protocol_versions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_sites" ADD CONSTRAINT "web_sites_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_sites" ADD CONSTRAINT "web_sites_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "web_activities_product" ON "web_activities" USING btree ("product_id","status");--> statement-breakpoint
CREATE INDEX "web_activities_cp" ON "web_activities" USING btree ("cp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "web_activity_grants_player_tier" ON "web_activity_grants" USING btree ("activity_id","openid","tier");--> statement-breakpoint
CREATE INDEX "web_activity_grants_order" ON "web_activity_grants" USING btree ("product_id","order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "web_protocol_versions_number" ON "web_protocol_versions" USING btree ("product_id","kind","language","number");--> statement-breakpoint
CREATE UNIQUE INDEX "web_protocol_versions_draft" ON "web_protocol_versions" USING btree ("product_id","kind","language") WHERE "web_protocol_versions"."status" = 'draft';--> statement-breakpoint
CREATE UNIQUE INDEX "web_protocol_versions_published" ON "web_protocol_versions" USING btree ("product_id","kind","language") WHERE "web_protocol_versions"."status" = 'published';--> statement-breakpoint
CREATE INDEX "web_protocol_versions_cp" ON "web_protocol_versions" USING btree ("cp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "web_sites_product" ON "web_sites" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "web_sites_cp" ON "web_sites" USING btree ("cp_id");