CREATE TABLE "ad_cost_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_cost_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"number" integer NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"rows" integer NOT NULL,
	"totals" jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"rolled_back_by" text DEFAULT '' NOT NULL,
	"rolled_back_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_cost_rows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_cost_rows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"day" text NOT NULL,
	"media" text NOT NULL,
	"account_id" text NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"cost" bigint NOT NULL,
	"currency" text NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"current" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_apps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_apps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"text" text NOT NULL,
	"media" text DEFAULT '' NOT NULL,
	"app_id" text DEFAULT '' NOT NULL,
	"package_name" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_copies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_copies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"text" text NOT NULL,
	"media" text DEFAULT '' NOT NULL,
	"app_id" text DEFAULT '' NOT NULL,
	"package_name" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_labels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_labels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"text" text NOT NULL,
	"media" text DEFAULT '' NOT NULL,
	"app_id" text DEFAULT '' NOT NULL,
	"package_name" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_sources" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_sources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"text" text NOT NULL,
	"media" text DEFAULT '' NOT NULL,
	"app_id" text DEFAULT '' NOT NULL,
	"package_name" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_titles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_titles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"text" text NOT NULL,
	"media" text DEFAULT '' NOT NULL,
	"app_id" text DEFAULT '' NOT NULL,
	"package_name" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_rule_actions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_rule_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"run_id" integer NOT NULL,
	"rule_id" integer NOT NULL,
	"ad_object_id" integer,
	"account_id" text NOT NULL,
	"object_id" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"outcome" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_rule_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_rule_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"rule_id" integer NOT NULL,
	"dry_run" boolean NOT NULL,
	"by" text DEFAULT '' NOT NULL,
	"accounts" integer NOT NULL,
	"matched" integer NOT NULL,
	"acted" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"media" text NOT NULL,
	"ad_account_ids" jsonb NOT NULL,
	"window_days" integer NOT NULL,
	"conditions" jsonb NOT NULL,
	"action" text NOT NULL,
	"level" text NOT NULL,
	"change_percent" integer DEFAULT 0 NOT NULL,
	"cooldown_minutes" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by_id" integer,
	"created_by" text DEFAULT '' NOT NULL,
	"last_run_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_objects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_objects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"media" text NOT NULL,
	"ad_account_id" integer NOT NULL,
	"level" text NOT NULL,
	"object_id" text NOT NULL,
	"parent_object_id" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"media_status" text DEFAULT '' NOT NULL,
	"budget" bigint,
	"bid" bigint,
	"spend_today" bigint DEFAULT 0 NOT NULL,
	"token" text NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_cost_batches" ADD CONSTRAINT "ad_cost_batches_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_cost_batches" ADD CONSTRAINT "ad_cost_batches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_cost_rows" ADD CONSTRAINT "ad_cost_rows_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_cost_rows" ADD CONSTRAINT "ad_cost_rows_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_cost_rows" ADD CONSTRAINT "ad_cost_rows_batch_id_ad_cost_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."ad_cost_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_apps" ADD CONSTRAINT "ad_apps_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_apps" ADD CONSTRAINT "ad_apps_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_copies" ADD CONSTRAINT "ad_copies_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_copies" ADD CONSTRAINT "ad_copies_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_labels" ADD CONSTRAINT "ad_labels_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_labels" ADD CONSTRAINT "ad_labels_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_sources" ADD CONSTRAINT "ad_sources_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_sources" ADD CONSTRAINT "ad_sources_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_titles" ADD CONSTRAINT "ad_titles_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_titles" ADD CONSTRAINT "ad_titles_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_rule_actions" ADD CONSTRAINT "ad_rule_actions_run_id_ad_rule_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."ad_rule_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_rule_runs" ADD CONSTRAINT "ad_rule_runs_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_rule_runs" ADD CONSTRAINT "ad_rule_runs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_rule_runs" ADD CONSTRAINT "ad_rule_runs_rule_id_ad_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."ad_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_rules" ADD CONSTRAINT "ad_rules_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_rules" ADD CONSTRAINT "ad_rules_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_objects" ADD CONSTRAINT "ad_objects_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_objects" ADD CONSTRAINT "ad_objects_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_objects" ADD CONSTRAINT "ad_objects_ad_account_id_ad_accounts_id_fk" FOREIGN KEY ("ad_account_id") REFERENCES "public"."ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_cost_batches_product_number" ON "ad_cost_batches" USING btree ("product_id","number");--> statement-breakpoint
CREATE INDEX "ad_cost_rows_key" ON "ad_cost_rows" USING btree ("product_id","day","media","account_id");--> statement-breakpoint
CREATE INDEX "ad_cost_rows_batch" ON "ad_cost_rows" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "ad_cost_rows_current" ON "ad_cost_rows" USING btree ("product_id","current","day");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_apps_product_text" ON "ad_apps" USING btree ("product_id","text");--> statement-breakpoint
CREATE INDEX "ad_apps_cp" ON "ad_apps" USING btree ("cp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_copies_product_text" ON "ad_copies" USING btree ("product_id","text");--> statement-breakpoint
CREATE INDEX "ad_copies_cp" ON "ad_copies" USING btree ("cp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_labels_product_text" ON "ad_labels" USING btree ("product_id","text");--> statement-breakpoint
CREATE INDEX "ad_labels_cp" ON "ad_labels" USING btree ("cp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_sources_product_text" ON "ad_sources" USING btree ("product_id","text");--> statement-breakpoint
CREATE INDEX "ad_sources_cp" ON "ad_sources" USING btree ("cp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_titles_product_text" ON "ad_titles" USING btree ("product_id","text");--> statement-breakpoint
CREATE INDEX "ad_titles_cp" ON "ad_titles" USING btree ("cp_id");--> statement-breakpoint
CREATE INDEX "ad_rule_actions_cooldown" ON "ad_rule_actions" USING btree ("rule_id","account_id","object_id","created_at");--> statement-breakpoint
CREATE INDEX "ad_rule_runs_rule" ON "ad_rule_runs" USING btree ("rule_id","id");--> statement-breakpoint
CREATE INDEX "ad_rules_product" ON "ad_rules" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_objects_product_media_object" ON "ad_objects" USING btree ("product_id","media","level","object_id");--> statement-breakpoint
CREATE INDEX "ad_objects_account" ON "ad_objects" USING btree ("ad_account_id");