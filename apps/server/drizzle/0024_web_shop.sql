CREATE TABLE "web_goods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "web_goods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"sku" text NOT NULL,
	"name" jsonb NOT NULL,
	"gift_package_id" integer,
	"currency_code" text DEFAULT '' NOT NULL,
	"currency_amount" integer DEFAULT 0 NOT NULL,
	"prices" jsonb NOT NULL,
	"bonus_kind" text DEFAULT 'none' NOT NULL,
	"bonus_percent" integer DEFAULT 0 NOT NULL,
	"bonus_gift_id" integer,
	"limit_daily" integer DEFAULT 0 NOT NULL,
	"limit_total" integer DEFAULT 0 NOT NULL,
	"sale_start" timestamp with time zone,
	"sale_end" timestamp with time zone,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_order_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "web_order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_id" integer,
	"by_name" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "web_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"openid" text NOT NULL,
	"role_id" text NOT NULL,
	"server" text NOT NULL,
	"good_id" integer,
	"sku" text NOT NULL,
	"good_name" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"payment_method" text NOT NULL,
	"provider" text NOT NULL,
	"payment_ref" text DEFAULT '' NOT NULL,
	"state" text NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"currencies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"activity_rewards" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"delivery_attempts" integer DEFAULT 0 NOT NULL,
	"approval_id" integer,
	"retry_job_id" integer,
	"refund_reason" text DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_pay_notices" (
	"provider" text NOT NULL,
	"notice_id" text NOT NULL,
	"order_no" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "web_pay_notices_provider_notice_id_pk" PRIMARY KEY("provider","notice_id")
);
--> statement-breakpoint
ALTER TABLE "web_goods" ADD CONSTRAINT "web_goods_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_goods" ADD CONSTRAINT "web_goods_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_order_events" ADD CONSTRAINT "web_order_events_order_id_web_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."web_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "web_goods_product_sku" ON "web_goods" USING btree ("product_id","sku");--> statement-breakpoint
CREATE INDEX "web_goods_gift" ON "web_goods" USING btree ("gift_package_id");--> statement-breakpoint
CREATE INDEX "web_order_events_order" ON "web_order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "web_orders_order_no" ON "web_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "web_orders_product_idem" ON "web_orders" USING btree ("product_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "web_orders_product_created" ON "web_orders" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "web_orders_product_player" ON "web_orders" USING btree ("product_id","openid","sku");--> statement-breakpoint
CREATE INDEX "web_orders_product_state" ON "web_orders" USING btree ("product_id","state");