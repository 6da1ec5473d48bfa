CREATE INDEX "cheat_flags_product_openid" ON "cheat_flags" USING btree ("product_id","openid");--> statement-breakpoint
CREATE INDEX "cheat_whitelist_product_openid" ON "cheat_whitelist" USING btree ("product_id","openid");--> statement-breakpoint
CREATE INDEX "refunds_product_openid" ON "refunds" USING btree ("product_id","openid");--> statement-breakpoint
CREATE INDEX "test_accounts_value" ON "test_accounts" USING btree ("product_id","value");--> statement-breakpoint
CREATE INDEX "sanctions_product_openid" ON "sanctions" USING btree ("product_id","openid");--> statement-breakpoint
CREATE INDEX "share_clicks_sharer" ON "share_clicks" USING btree ("sharer");--> statement-breakpoint
CREATE INDEX "share_events_product_sharer" ON "share_events" USING btree ("product_id","sharer");--> statement-breakpoint
CREATE INDEX "share_events_product_openid" ON "share_events" USING btree ("product_id","openid");--> statement-breakpoint
CREATE INDEX "tickets_reported" ON "tickets" USING btree ("product_id","reported_openid");--> statement-breakpoint
CREATE INDEX "violation_offences_product_openid" ON "violation_offences" USING btree ("product_id","openid");--> statement-breakpoint
CREATE INDEX "violation_events_product_openid" ON "violation_events" USING btree ("product_id","openid");--> statement-breakpoint
CREATE INDEX "web_activity_orders_openid" ON "web_activity_orders" USING btree ("activity_id","openid");--> statement-breakpoint
CREATE INDEX "wechat_service_log_openid" ON "wechat_service_log" USING btree ("product_id","openid");