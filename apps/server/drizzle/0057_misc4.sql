ALTER TABLE "account_cancellations" ADD COLUMN "job_id" integer;--> statement-breakpoint
ALTER TABLE "image_reviews" ADD COLUMN "scoring" text DEFAULT 'scored' NOT NULL;--> statement-breakpoint
ALTER TABLE "image_reviews" ADD COLUMN "scoring_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "image_reviews" ADD COLUMN "next_scoring_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_packages" ADD COLUMN "manifest" jsonb;