CREATE TABLE "code_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "code_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"keyword" text DEFAULT '' NOT NULL,
	"prefix" text DEFAULT '' NOT NULL,
	"length" integer NOT NULL,
	"quantity" integer NOT NULL,
	"gift_package_id" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"total_limit" integer DEFAULT 0 NOT NULL,
	"per_code_limit" integer DEFAULT 1 NOT NULL,
	"per_player_limit" integer DEFAULT 1 NOT NULL,
	"group_key" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"generated" integer DEFAULT 0 NOT NULL,
	"redeemed" integer DEFAULT 0 NOT NULL,
	"job_id" integer,
	"created_by" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "code_redemptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "code_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"code" text NOT NULL,
	"openid" text NOT NULL,
	"role_id" text DEFAULT '' NOT NULL,
	"group_key" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "codes" (
	"product_id" integer NOT NULL,
	"code" text NOT NULL,
	"batch_id" integer NOT NULL,
	"chunk" integer DEFAULT 0 NOT NULL,
	"redeemed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "codes_product_id_code_pk" PRIMARY KEY("product_id","code")
);
--> statement-breakpoint
ALTER TABLE "code_batches" ADD CONSTRAINT "code_batches_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_batches" ADD CONSTRAINT "code_batches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_batches" ADD CONSTRAINT "code_batches_gift_package_id_gift_packages_id_fk" FOREIGN KEY ("gift_package_id") REFERENCES "public"."gift_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_redemptions" ADD CONSTRAINT "code_redemptions_batch_id_code_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."code_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "codes" ADD CONSTRAINT "codes_batch_id_code_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."code_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "code_batches_product" ON "code_batches" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "code_batches_cp" ON "code_batches" USING btree ("cp_id");--> statement-breakpoint
CREATE INDEX "code_batches_gift" ON "code_batches" USING btree ("gift_package_id");--> statement-breakpoint
CREATE INDEX "code_redemptions_code" ON "code_redemptions" USING btree ("product_id","code");--> statement-breakpoint
CREATE INDEX "code_redemptions_player" ON "code_redemptions" USING btree ("product_id","openid","batch_id");--> statement-breakpoint
CREATE INDEX "code_redemptions_group" ON "code_redemptions" USING btree ("product_id","group_key","openid");--> statement-breakpoint
CREATE INDEX "codes_batch_chunk" ON "codes" USING btree ("batch_id","chunk");