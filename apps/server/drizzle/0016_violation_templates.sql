CREATE TABLE "violation_offences" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "violation_offences_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"player_id" bigint NOT NULL,
	"openid" text NOT NULL,
	"offence" integer NOT NULL,
	"action" text NOT NULL,
	"sanction_id" bigint,
	"note" text DEFAULT '' NOT NULL,
	"created_by_id" integer,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "violation_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "violation_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"ladder" jsonb NOT NULL,
	"message" jsonb NOT NULL,
	"appealable" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "violation_offences" ADD CONSTRAINT "violation_offences_template_id_violation_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."violation_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_templates" ADD CONSTRAINT "violation_templates_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_templates" ADD CONSTRAINT "violation_templates_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "violation_offences_player_template" ON "violation_offences" USING btree ("player_id","template_id","offence");--> statement-breakpoint
CREATE UNIQUE INDEX "violation_templates_product_code" ON "violation_templates" USING btree ("product_id","code");--> statement-breakpoint
CREATE INDEX "violation_templates_cp" ON "violation_templates" USING btree ("cp_id");