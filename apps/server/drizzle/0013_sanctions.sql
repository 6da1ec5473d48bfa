CREATE TABLE "sanctions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sanctions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"player_id" bigint NOT NULL,
	"openid" text NOT NULL,
	"kind" text NOT NULL,
	"feature" text DEFAULT '' NOT NULL,
	"device_id" text DEFAULT '' NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"created_by_id" integer,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_by_id" integer,
	"lifted_by_name" text DEFAULT '' NOT NULL,
	"lifted_at" timestamp with time zone,
	"lift_reason" text DEFAULT '' NOT NULL,
	"delivery" text DEFAULT '' NOT NULL,
	"retry_job_id" integer,
	"job_id" integer
);
--> statement-breakpoint
CREATE INDEX "sanctions_player" ON "sanctions" USING btree ("player_id","status");--> statement-breakpoint
CREATE INDEX "sanctions_product_device" ON "sanctions" USING btree ("product_id","device_id","status");--> statement-breakpoint
CREATE INDEX "sanctions_product_created" ON "sanctions" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "sanctions_status_end" ON "sanctions" USING btree ("status","ends_at");