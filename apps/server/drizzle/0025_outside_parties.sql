CREATE TABLE "outside_calls" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outside_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"party" text NOT NULL,
	"account" text DEFAULT '' NOT NULL,
	"operation" text NOT NULL,
	"mode" text NOT NULL,
	"status" text NOT NULL,
	"http_status" integer,
	"attempt" integer DEFAULT 1 NOT NULL,
	"latency_ms" integer DEFAULT 0 NOT NULL,
	"request_id" text DEFAULT '' NOT NULL,
	"idempotency_key" text DEFAULT '' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outside_parties" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outside_parties_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"party" text NOT NULL,
	"mode" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"credentials" text DEFAULT '' NOT NULL,
	"updated_by" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outside_tokens" (
	"product_id" integer NOT NULL,
	"party" text NOT NULL,
	"account" text DEFAULT '' NOT NULL,
	"access_token" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone,
	"refresh_token" text DEFAULT '' NOT NULL,
	"refreshed_at" timestamp with time zone,
	"refreshes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "outside_tokens_product_id_party_account_pk" PRIMARY KEY("product_id","party","account")
);
--> statement-breakpoint
ALTER TABLE "web_orders" ADD COLUMN "pay_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "web_orders" SET "pay_url" = 'https://pay.' || "provider" || '.example/checkout/' || "payment_ref" WHERE "payment_ref" <> '';--> statement-breakpoint
ALTER TABLE "outside_parties" ADD CONSTRAINT "outside_parties_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outside_parties" ADD CONSTRAINT "outside_parties_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outside_calls_product" ON "outside_calls" USING btree ("product_id","id");--> statement-breakpoint
CREATE INDEX "outside_calls_product_party" ON "outside_calls" USING btree ("product_id","party","operation");--> statement-breakpoint
CREATE INDEX "outside_calls_created" ON "outside_calls" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "outside_parties_product_party" ON "outside_parties" USING btree ("product_id","party");