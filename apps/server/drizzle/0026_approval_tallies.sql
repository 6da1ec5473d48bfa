CREATE TABLE "approval_tallies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval_tallies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer,
	"action" text NOT NULL,
	"maker_id" integer NOT NULL,
	"audience" text DEFAULT '' NOT NULL,
	"amount" real,
	"value" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approval_tallies" ADD CONSTRAINT "approval_tallies_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_tallies" ADD CONSTRAINT "approval_tallies_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_tallies" ADD CONSTRAINT "approval_tallies_maker_id_users_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_tallies_maker" ON "approval_tallies" USING btree ("cp_id","action","maker_id","created_at");--> statement-breakpoint
CREATE INDEX "approval_tallies_audience" ON "approval_tallies" USING btree ("cp_id","action","audience","created_at");