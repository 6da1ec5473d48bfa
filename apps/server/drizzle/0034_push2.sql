CREATE TABLE "push_deliveries" (
	"task_id" integer NOT NULL,
	"token_id" bigint NOT NULL,
	"openid" text NOT NULL,
	"provider" text NOT NULL,
	"state" text DEFAULT 'sending' NOT NULL,
	"message_id" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_deliveries_task_id_token_id_pk" PRIMARY KEY("task_id","token_id")
);
--> statement-breakpoint
CREATE TABLE "push_tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "push_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"title" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"deep_link" text DEFAULT '' NOT NULL,
	"data" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"target" text NOT NULL,
	"user_group_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"openids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"providers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"countries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"send_at" timestamp with time zone,
	"ttl_seconds" integer DEFAULT 86400 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"targeted" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"invalid_tokens" integer DEFAULT 0 NOT NULL,
	"chunks_done" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"chunk_count" integer DEFAULT 0 NOT NULL,
	"job_id" integer,
	"sent_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"approval_id" integer,
	"created_by" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_tokens" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "push_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"openid" text NOT NULL,
	"platform" text NOT NULL,
	"provider" text NOT NULL,
	"token" text NOT NULL,
	"app_version" text DEFAULT '' NOT NULL,
	"locale" text DEFAULT '' NOT NULL,
	"time_zone" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"retired_reason" text DEFAULT '' NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_task_id_push_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."push_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_tasks" ADD CONSTRAINT "push_tasks_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_tasks" ADD CONSTRAINT "push_tasks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_deliveries_task_state" ON "push_deliveries" USING btree ("task_id","state");--> statement-breakpoint
CREATE INDEX "push_tasks_product_status" ON "push_tasks" USING btree ("product_id","status");--> statement-breakpoint
CREATE INDEX "push_tasks_cp" ON "push_tasks" USING btree ("cp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_tokens_product_token" ON "push_tokens" USING btree ("product_id","provider","token");--> statement-breakpoint
CREATE INDEX "push_tokens_product_openid" ON "push_tokens" USING btree ("product_id","openid");--> statement-breakpoint
CREATE INDEX "push_tokens_product_active" ON "push_tokens" USING btree ("product_id","id") WHERE status = 'active';