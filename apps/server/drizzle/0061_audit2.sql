ALTER TABLE "cs_player_note_revisions" ADD COLUMN "action" text DEFAULT 'edit' NOT NULL;--> statement-breakpoint
ALTER TABLE "cs_player_notes" ADD COLUMN "deleted_by" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cs_player_notes" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "web_orders_product_role" ON "web_orders" USING btree ("product_id","role_id");