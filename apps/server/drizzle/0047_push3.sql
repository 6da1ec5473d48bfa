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
CREATE TABLE "wechat_service_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wechat_service_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"openid" text NOT NULL,
	"rule_id" integer,
	"rule_name" text DEFAULT '' NOT NULL,
	"trigger" text NOT NULL,
	"message_type" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_service_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wechat_service_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"trigger" text NOT NULL,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_service_seen" (
	"product_id" integer NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wechat_service_seen_product_id_key_pk" PRIMARY KEY("product_id","key")
);
--> statement-breakpoint
CREATE TABLE "wechat_service_windows" (
	"product_id" integer NOT NULL,
	"openid" text NOT NULL,
	"kind" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"messaged_at" timestamp with time zone,
	CONSTRAINT "wechat_service_windows_product_id_openid_pk" PRIMARY KEY("product_id","openid")
);
--> statement-breakpoint
ALTER TABLE "push_tasks" ADD COLUMN "kind" text DEFAULT 'app' NOT NULL;--> statement-breakpoint
ALTER TABLE "push_tasks" ADD COLUMN "template_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "push_tasks" ADD COLUMN "page" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "push_templates" ADD CONSTRAINT "push_templates_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_templates" ADD CONSTRAINT "push_templates_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_service_rules" ADD CONSTRAINT "wechat_service_rules_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_service_rules" ADD CONSTRAINT "wechat_service_rules_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_grants_template" ON "push_grants" USING btree ("product_id","template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_templates_product_template" ON "push_templates" USING btree ("product_id","template_id");--> statement-breakpoint
CREATE INDEX "wechat_service_log_product" ON "wechat_service_log" USING btree ("product_id","id");--> statement-breakpoint
CREATE INDEX "wechat_service_rules_product" ON "wechat_service_rules" USING btree ("product_id","trigger");--> statement-breakpoint
CREATE INDEX "wechat_service_seen_at" ON "wechat_service_seen" USING btree ("at");