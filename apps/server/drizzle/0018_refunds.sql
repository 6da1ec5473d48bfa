CREATE TABLE "refund_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refund_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"refund_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_id" integer,
	"by_name" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_polls" (
	"product_id" integer NOT NULL,
	"store" text NOT NULL,
	"cursor" text,
	"last_polled_at" timestamp with time zone,
	"not_before" timestamp with time zone,
	"last_result" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "refund_polls_product_id_store_pk" PRIMARY KEY("product_id","store")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"notice_id" text NOT NULL,
	"order_no" text NOT NULL,
	"player_id" bigint,
	"openid" text DEFAULT '' NOT NULL,
	"store" text NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"reason" text NOT NULL,
	"source" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"voided_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"ledger" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"approval_id" integer,
	"retry_job_id" integer,
	"sanction_id" bigint,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refund_events" ADD CONSTRAINT "refund_events_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_events_refund" ON "refund_events" USING btree ("refund_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_product_notice" ON "refunds" USING btree ("product_id","notice_id");--> statement-breakpoint
CREATE INDEX "refunds_product_voided" ON "refunds" USING btree ("product_id","voided_at");--> statement-breakpoint
CREATE INDEX "refunds_product_order" ON "refunds" USING btree ("product_id","order_no");--> statement-breakpoint
CREATE INDEX "refunds_product_state" ON "refunds" USING btree ("product_id","state");