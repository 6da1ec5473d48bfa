ALTER TABLE "cps" ADD COLUMN "time_zone" text DEFAULT 'Asia/Shanghai' NOT NULL;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD COLUMN "variant" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "push_tasks" ADD COLUMN "local_send_at" text;--> statement-breakpoint
ALTER TABLE "push_tasks" ADD COLUMN "quiet_hours" jsonb;--> statement-breakpoint
ALTER TABLE "push_tasks" ADD COLUMN "convert_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "push_tasks" ADD COLUMN "variants" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "push_deliveries_deferred" ON "push_deliveries" USING btree ("task_id","due_at") WHERE state = 'deferred';