CREATE TABLE "player_devices" (
	"product_id" integer NOT NULL,
	"player_id" bigint NOT NULL,
	"device_id" text NOT NULL,
	"device_model" text DEFAULT '' NOT NULL,
	"os" text DEFAULT '' NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	CONSTRAINT "player_devices_player_id_device_id_pk" PRIMARY KEY("player_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "player_event_ids" (
	"product_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_event_ids_product_id_event_id_pk" PRIMARY KEY("product_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "player_logins" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "player_logins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"player_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"device_id" text DEFAULT '' NOT NULL,
	"device_model" text DEFAULT '' NOT NULL,
	"os" text DEFAULT '' NOT NULL,
	"app_version" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_orders" (
	"product_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"player_id" bigint NOT NULL,
	"store" text NOT NULL,
	"sku" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"server" text DEFAULT '' NOT NULL,
	"role_id" text DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"refund_reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "player_orders_product_id_order_no_pk" PRIMARY KEY("product_id","order_no")
);
--> statement-breakpoint
CREATE TABLE "player_roles" (
	"product_id" integer NOT NULL,
	"player_id" bigint NOT NULL,
	"server" text NOT NULL,
	"role_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"vip" integer DEFAULT 0 NOT NULL,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_roles_product_id_server_role_id_pk" PRIMARY KEY("product_id","server","role_id")
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "players_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"openid" text NOT NULL,
	"channel" text DEFAULT '' NOT NULL,
	"sub_channel" text DEFAULT '' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	"last_ip" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"paid_total" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "player_devices" ADD CONSTRAINT "player_devices_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_logins" ADD CONSTRAINT "player_logins_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_orders" ADD CONSTRAINT "player_orders_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_roles" ADD CONSTRAINT "player_roles_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_devices_device" ON "player_devices" USING btree ("product_id","device_id");--> statement-breakpoint
CREATE INDEX "player_event_ids_time" ON "player_event_ids" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "player_logins_player_time" ON "player_logins" USING btree ("player_id","at");--> statement-breakpoint
CREATE INDEX "player_logins_product_ip" ON "player_logins" USING btree ("product_id","ip");--> statement-breakpoint
CREATE INDEX "player_logins_time" ON "player_logins" USING btree ("at");--> statement-breakpoint
CREATE INDEX "player_orders_player" ON "player_orders" USING btree ("player_id","paid_at");--> statement-breakpoint
CREATE INDEX "player_roles_role_id" ON "player_roles" USING btree ("product_id","role_id");--> statement-breakpoint
CREATE INDEX "player_roles_name" ON "player_roles" USING btree ("product_id",lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "player_roles_player" ON "player_roles" USING btree ("player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "players_product_openid" ON "players" USING btree ("product_id","openid");--> statement-breakpoint
CREATE INDEX "players_product_login" ON "players" USING btree ("product_id","last_login_at");--> statement-breakpoint
CREATE INDEX "players_product_created" ON "players" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "players_product_nickname" ON "players" USING btree ("product_id",lower("nickname") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "players_product_ip" ON "players" USING btree ("product_id","last_ip");