ALTER TABLE "props" ADD COLUMN "unit_value" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_policies" ADD COLUMN "value_threshold" integer;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "value" real;