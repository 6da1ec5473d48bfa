ALTER TABLE "push_tasks" ADD COLUMN "kind" text DEFAULT 'app' NOT NULL;--> statement-breakpoint
ALTER TABLE "push_tasks" ADD COLUMN "template_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "push_tasks" ADD COLUMN "page" text DEFAULT '' NOT NULL;