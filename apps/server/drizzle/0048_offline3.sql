CREATE TABLE "account_cancellations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_cancellations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"openid" text NOT NULL,
	"status" text DEFAULT 'cooling_off' NOT NULL,
	"source" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"erase_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"legal_hold" boolean DEFAULT false NOT NULL,
	"hold_reason" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"receipt" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_versions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"document_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"body" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"by_name" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"updated_by" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "image_policies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "image_policies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"approve_below" integer NOT NULL,
	"reject_at" integer NOT NULL,
	"show_pending" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "image_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "image_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"openid" text NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"ref" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"score" integer,
	"labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decided_by" text,
	"reviewer" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"moderation_error" text DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incident_updates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "incident_updates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"incident_id" integer NOT NULL,
	"status" text NOT NULL,
	"message" text NOT NULL,
	"by_name" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "incidents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"title" text NOT NULL,
	"severity" text NOT NULL,
	"product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"regions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"postmortem" text DEFAULT '' NOT NULL,
	"announcement_id" integer,
	"status" text DEFAULT 'investigating' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_by" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_cancellations" ADD CONSTRAINT "account_cancellations_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_cancellations" ADD CONSTRAINT "account_cancellations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_policies" ADD CONSTRAINT "image_policies_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_policies" ADD CONSTRAINT "image_policies_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_reviews" ADD CONSTRAINT "image_reviews_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_reviews" ADD CONSTRAINT "image_reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_updates" ADD CONSTRAINT "incident_updates_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_cancellations_open" ON "account_cancellations" USING btree ("product_id","openid") WHERE "account_cancellations"."status" = 'cooling_off';--> statement-breakpoint
CREATE INDEX "account_cancellations_due" ON "account_cancellations" USING btree ("erase_at") WHERE "account_cancellations"."status" = 'cooling_off';--> statement-breakpoint
CREATE INDEX "account_cancellations_openid" ON "account_cancellations" USING btree ("product_id","openid");--> statement-breakpoint
CREATE INDEX "document_versions_document" ON "document_versions" USING btree ("document_id","revision");--> statement-breakpoint
CREATE INDEX "documents_cp_category" ON "documents" USING btree ("cp_id","category");--> statement-breakpoint
CREATE UNIQUE INDEX "image_policies_product" ON "image_policies" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "image_reviews_product_status" ON "image_reviews" USING btree ("product_id","status","id");--> statement-breakpoint
CREATE INDEX "image_reviews_product_openid" ON "image_reviews" USING btree ("product_id","openid");--> statement-breakpoint
CREATE INDEX "incident_updates_incident" ON "incident_updates" USING btree ("incident_id","at");--> statement-breakpoint
CREATE INDEX "incidents_cp_started" ON "incidents" USING btree ("cp_id","started_at");