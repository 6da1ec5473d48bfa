CREATE TABLE "user_group_members" (
	"group_id" integer NOT NULL,
	"player_id" bigint NOT NULL,
	"bucket" smallint NOT NULL,
	CONSTRAINT "user_group_members_group_id_player_id_pk" PRIMARY KEY("group_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "user_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"uuid" text DEFAULT gen_random_uuid()::text NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"rule" jsonb,
	"file_id" text,
	"refresh" text DEFAULT 'daily' NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"member_count" integer DEFAULT 0 NOT NULL,
	"materialized_at" timestamp with time zone,
	"error" text DEFAULT '' NOT NULL,
	"job_id" integer,
	"layers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"layer_salt" text DEFAULT md5(random()::text) NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_group_members" ADD CONSTRAINT "user_group_members_group_id_user_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."user_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_members" ADD CONSTRAINT "user_group_members_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_group_members_bucket" ON "user_group_members" USING btree ("group_id","bucket");--> statement-breakpoint
CREATE INDEX "user_group_members_player" ON "user_group_members" USING btree ("player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_groups_product_name" ON "user_groups" USING btree ("product_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "user_groups_uuid" ON "user_groups" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "user_groups_cp" ON "user_groups" USING btree ("cp_id");