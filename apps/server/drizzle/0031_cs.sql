CREATE TABLE "cs_agents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cs_agents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'offline' NOT NULL,
	"capacity" integer DEFAULT 5 NOT NULL,
	"last_assigned_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cs_blacklist" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cs_blacklist_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"openid" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone,
	"created_by" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cs_conversations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cs_conversations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"openid" text NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"server" text DEFAULT '' NOT NULL,
	"lang" text DEFAULT '' NOT NULL,
	"channel" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"assignee_id" integer,
	"snoozed_until" timestamp with time zone,
	"handed_off_at" timestamp with time zone,
	"first_response_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"rating" integer,
	"rating_comment" text DEFAULT '' NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message" text DEFAULT '' NOT NULL,
	"player_read_id" bigint DEFAULT 0 NOT NULL,
	"agent_read_id" bigint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cs_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cs_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" bigint NOT NULL,
	"author" text NOT NULL,
	"author_id" integer,
	"author_name" text DEFAULT '' NOT NULL,
	"kind" text DEFAULT 'text' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"event" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cs_scripts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cs_scripts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"owner_id" integer,
	"category" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cs_agents" ADD CONSTRAINT "cs_agents_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cs_agents" ADD CONSTRAINT "cs_agents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cs_messages" ADD CONSTRAINT "cs_messages_conversation_id_cs_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."cs_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cs_agents_user" ON "cs_agents" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "cs_agents_cp" ON "cs_agents" USING btree ("cp_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "cs_blacklist_player" ON "cs_blacklist" USING btree ("product_id","openid");--> statement-breakpoint
CREATE INDEX "cs_conversations_product_state" ON "cs_conversations" USING btree ("product_id","state","last_message_at");--> statement-breakpoint
CREATE INDEX "cs_conversations_assignee" ON "cs_conversations" USING btree ("assignee_id","state");--> statement-breakpoint
CREATE INDEX "cs_conversations_openid" ON "cs_conversations" USING btree ("product_id","openid");--> statement-breakpoint
CREATE UNIQUE INDEX "cs_conversations_live" ON "cs_conversations" USING btree ("product_id","openid") WHERE "cs_conversations"."state" <> 'resolved';--> statement-breakpoint
CREATE INDEX "cs_messages_conversation" ON "cs_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "cs_scripts_product" ON "cs_scripts" USING btree ("product_id","owner_id");