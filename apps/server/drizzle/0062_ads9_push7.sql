ALTER TABLE "ad_batches" ADD COLUMN "window_id" integer;--> statement-breakpoint
ALTER TABLE "ad_batches" ADD COLUMN "landing" jsonb;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD COLUMN "claim_job" integer;