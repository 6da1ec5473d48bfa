CREATE TABLE "ticket_replies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_replies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ticket_id" integer NOT NULL,
	"author_type" text NOT NULL,
	"author_id" integer,
	"author_name" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"internal" boolean DEFAULT false NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"kind" text NOT NULL,
	"type_id" integer NOT NULL,
	"state" text DEFAULT 'new' NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"openid" text NOT NULL,
	"role_id" text DEFAULT '' NOT NULL,
	"role_name" text DEFAULT '' NOT NULL,
	"server" text DEFAULT '' NOT NULL,
	"channel" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"order_no" text DEFAULT '' NOT NULL,
	"device" text DEFAULT '' NOT NULL,
	"os" text DEFAULT '' NOT NULL,
	"app_version" text DEFAULT '' NOT NULL,
	"lang" text DEFAULT '' NOT NULL,
	"reported_openid" text DEFAULT '' NOT NULL,
	"reported_role" text DEFAULT '' NOT NULL,
	"assignee_id" integer,
	"rating" smallint,
	"rating_comment" text DEFAULT '' NOT NULL,
	"rated_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"reopen_count" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_replies" ADD CONSTRAINT "ticket_replies_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_replies" ADD CONSTRAINT "ticket_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_type_id_feedback_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."feedback_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_replies_ticket" ON "ticket_replies" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE INDEX "tickets_queue" ON "tickets" USING btree ("product_id","kind","state");--> statement-breakpoint
CREATE INDEX "tickets_player" ON "tickets" USING btree ("product_id","openid");--> statement-breakpoint
CREATE INDEX "tickets_assignee" ON "tickets" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "tickets_resolved" ON "tickets" USING btree ("state","resolved_at");--> statement-breakpoint
CREATE INDEX "tickets_cp" ON "tickets" USING btree ("cp_id");