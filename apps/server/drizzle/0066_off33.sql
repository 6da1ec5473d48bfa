ALTER TABLE "player_event_ids" ADD COLUMN "openid" text;--> statement-breakpoint
CREATE INDEX "player_event_ids_openid" ON "player_event_ids" USING btree ("product_id","openid");