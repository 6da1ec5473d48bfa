CREATE TABLE "billing_points" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_points_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"store" text NOT NULL,
	"store_sku" text NOT NULL,
	"name" text NOT NULL,
	"prices" jsonb NOT NULL,
	"reward_gift_id" integer NOT NULL,
	"bonus_gift_id" integer,
	"limit_per_player" integer DEFAULT 0 NOT NULL,
	"limit_daily" integer DEFAULT 0 NOT NULL,
	"kind" text DEFAULT 'consumable' NOT NULL,
	"sandbox" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"sku_version" integer DEFAULT 1 NOT NULL,
	"previous_id" integer,
	"current" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "channels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sub_channels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sub_channels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"package_id" text DEFAULT '' NOT NULL,
	"media" text DEFAULT '' NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"frozen" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_packages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"contents" jsonb NOT NULL,
	"icon_url" text DEFAULT '' NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"per_player_limit" integer DEFAULT 0 NOT NULL,
	"usable_in" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "props" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "props_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"type" text NOT NULL,
	"rarity" text NOT NULL,
	"icon_url" text DEFAULT '' NOT NULL,
	"stack_limit" integer DEFAULT 1 NOT NULL,
	"expiry_days" integer DEFAULT 0 NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cps" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "cps" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "operation_logs" ADD COLUMN "target_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "icon_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "platforms" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "disabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_points" ADD CONSTRAINT "billing_points_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_points" ADD CONSTRAINT "billing_points_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_points" ADD CONSTRAINT "billing_points_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_points" ADD CONSTRAINT "billing_points_reward_gift_id_gift_packages_id_fk" FOREIGN KEY ("reward_gift_id") REFERENCES "public"."gift_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_points" ADD CONSTRAINT "billing_points_bonus_gift_id_gift_packages_id_fk" FOREIGN KEY ("bonus_gift_id") REFERENCES "public"."gift_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_channels" ADD CONSTRAINT "sub_channels_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_channels" ADD CONSTRAINT "sub_channels_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_channels" ADD CONSTRAINT "sub_channels_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_packages" ADD CONSTRAINT "gift_packages_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_packages" ADD CONSTRAINT "gift_packages_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "props" ADD CONSTRAINT "props_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "props" ADD CONSTRAINT "props_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_points_product_store_sku" ON "billing_points" USING btree ("product_id","store","store_sku") WHERE "billing_points"."current";--> statement-breakpoint
CREATE INDEX "billing_points_reward" ON "billing_points" USING btree ("reward_gift_id");--> statement-breakpoint
CREATE INDEX "billing_points_bonus" ON "billing_points" USING btree ("bonus_gift_id");--> statement-breakpoint
CREATE INDEX "billing_points_cp" ON "billing_points" USING btree ("cp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "channels_product_code" ON "channels" USING btree ("product_id","code");--> statement-breakpoint
CREATE INDEX "channels_cp" ON "channels" USING btree ("cp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_channels_product_code" ON "sub_channels" USING btree ("product_id","code");--> statement-breakpoint
CREATE INDEX "sub_channels_channel" ON "sub_channels" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "gift_packages_product" ON "gift_packages" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "gift_packages_cp" ON "gift_packages" USING btree ("cp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "props_product_code" ON "props" USING btree ("product_id","code");--> statement-breakpoint
CREATE INDEX "props_cp" ON "props" USING btree ("cp_id");--> statement-breakpoint
CREATE INDEX "operation_logs_cp_target" ON "operation_logs" USING btree ("cp_id","target_type","target_id");--> statement-breakpoint
CREATE INDEX "operation_logs_cp_user" ON "operation_logs" USING btree ("cp_id","user_id");