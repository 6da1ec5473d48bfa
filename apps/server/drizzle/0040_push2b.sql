ALTER TABLE "push_deliveries" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "push_tasks" ADD COLUMN "cap_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "push_tasks" ADD COLUMN "cap_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
CREATE INDEX "push_deliveries_openid_at" ON "push_deliveries" USING btree ("openid","at");