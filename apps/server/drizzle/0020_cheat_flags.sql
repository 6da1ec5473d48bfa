CREATE TABLE "cheat_flags" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cheat_flags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"player_id" bigint NOT NULL,
	"openid" text NOT NULL,
	"source" text NOT NULL,
	"rule" text NOT NULL,
	"score" integer NOT NULL,
	"hits" integer DEFAULT 1 NOT NULL,
	"evidence" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'flagged' NOT NULL,
	"assignee_id" integer,
	"assignee_name" text DEFAULT '' NOT NULL,
	"reviewer_id" integer,
	"reviewer_name" text DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	"template_id" integer,
	"sanction_id" bigint,
	"offence" integer,
	"created_by_id" integer,
	"created_by_name" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cheat_whitelist" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cheat_whitelist_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"player_id" bigint NOT NULL,
	"openid" text NOT NULL,
	"rule" text NOT NULL,
	"flag_id" bigint,
	"note" text DEFAULT '' NOT NULL,
	"created_by_id" integer,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cheat_flags_open" ON "cheat_flags" USING btree ("product_id","player_id","rule") WHERE "cheat_flags"."state" in ('flagged', 'under_review');--> statement-breakpoint
CREATE INDEX "cheat_flags_product_last_seen" ON "cheat_flags" USING btree ("product_id","last_seen");--> statement-breakpoint
CREATE INDEX "cheat_flags_product_state" ON "cheat_flags" USING btree ("product_id","state");--> statement-breakpoint
CREATE INDEX "cheat_flags_player" ON "cheat_flags" USING btree ("player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cheat_whitelist_player_rule" ON "cheat_whitelist" USING btree ("product_id","player_id","rule");