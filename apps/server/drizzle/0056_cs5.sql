CREATE TABLE "cs_quality_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cs_quality_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"rubric_id" integer NOT NULL,
	"conversation_id" bigint NOT NULL,
	"agent_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"scores" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"percent" integer,
	"comment" text DEFAULT '' NOT NULL,
	"reviewer_name" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cs_quality_rubrics" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cs_quality_rubrics_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"items" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cs_rule_hits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cs_rule_hits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"conversation_id" bigint NOT NULL,
	"rule_id" integer,
	"rule_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cs_conversations" ADD COLUMN "feedback_type_id" integer;--> statement-breakpoint
ALTER TABLE "cs_quality_reviews" ADD CONSTRAINT "cs_quality_reviews_rubric_id_cs_quality_rubrics_id_fk" FOREIGN KEY ("rubric_id") REFERENCES "public"."cs_quality_rubrics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cs_quality_reviews" ADD CONSTRAINT "cs_quality_reviews_conversation_id_cs_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."cs_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cs_quality_reviews" ADD CONSTRAINT "cs_quality_reviews_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cs_rule_hits" ADD CONSTRAINT "cs_rule_hits_conversation_id_cs_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."cs_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cs_quality_reviews_conversation" ON "cs_quality_reviews" USING btree ("rubric_id","conversation_id");--> statement-breakpoint
CREATE INDEX "cs_quality_reviews_agent" ON "cs_quality_reviews" USING btree ("product_id","agent_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "cs_quality_rubrics_name" ON "cs_quality_rubrics" USING btree ("product_id","name");--> statement-breakpoint
CREATE INDEX "cs_rule_hits_product" ON "cs_rule_hits" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "cs_rule_hits_conversation" ON "cs_rule_hits" USING btree ("conversation_id");