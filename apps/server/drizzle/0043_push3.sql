CREATE TABLE "push_grants" (
	"product_id" integer NOT NULL,
	"openid" text NOT NULL,
	"template_id" text NOT NULL,
	"granted" integer DEFAULT 0 NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_grants_product_id_openid_template_id_pk" PRIMARY KEY("product_id","openid","template_id")
);
--> statement-breakpoint
CREATE TABLE "push_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "push_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"template_id" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"example" text DEFAULT '' NOT NULL,
	"type" integer DEFAULT 2 NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mapping" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_tasks" ADD COLUMN "kind" text DEFAULT 'app' NOT NULL;--> statement-breakpoint
ALTER TABLE "push_tasks" ADD COLUMN "template_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "push_tasks" ADD COLUMN "page" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "push_templates" ADD CONSTRAINT "push_templates_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_templates" ADD CONSTRAINT "push_templates_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_grants_template" ON "push_grants" USING btree ("product_id","template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_templates_product_template" ON "push_templates" USING btree ("product_id","template_id");