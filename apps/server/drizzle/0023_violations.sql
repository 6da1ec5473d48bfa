CREATE TABLE "violation_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "violation_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"player_id" bigint NOT NULL,
	"openid" text NOT NULL,
	"role_id" text DEFAULT '' NOT NULL,
	"server" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"rule" text DEFAULT '' NOT NULL,
	"score" integer,
	"evidence" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"device_id" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "violators" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"openid" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"handled_by_id" integer,
	"handled_by_name" text DEFAULT '' NOT NULL,
	"handled_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "violation_events_product_event" ON "violation_events" USING btree ("product_id","event_id");--> statement-breakpoint
CREATE INDEX "violation_events_player_time" ON "violation_events" USING btree ("player_id","occurred_at");--> statement-breakpoint
CREATE INDEX "violation_events_product_time" ON "violation_events" USING btree ("product_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "violators_product_openid" ON "violators" USING btree ("product_id","openid");--> statement-breakpoint
CREATE INDEX "violators_product_status" ON "violators" USING btree ("product_id","status");