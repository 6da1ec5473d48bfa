CREATE TABLE "cs_complaints" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cs_complaints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"conversation_id" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"outcome" text DEFAULT '' NOT NULL,
	"handler_id" integer,
	"created_by" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cs_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cs_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"settings" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cs_teams" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cs_teams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"name" text NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cs_agents" ADD COLUMN "team_id" integer;--> statement-breakpoint
ALTER TABLE "cs_complaints" ADD CONSTRAINT "cs_complaints_conversation_id_cs_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."cs_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cs_teams" ADD CONSTRAINT "cs_teams_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cs_complaints_conversation" ON "cs_complaints" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "cs_complaints_product" ON "cs_complaints" USING btree ("product_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "cs_settings_product" ON "cs_settings" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cs_teams_name" ON "cs_teams" USING btree ("cp_id","name");--> statement-breakpoint
ALTER TABLE "cs_agents" ADD CONSTRAINT "cs_agents_team_id_cs_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."cs_teams"("id") ON DELETE set null ON UPDATE no action;