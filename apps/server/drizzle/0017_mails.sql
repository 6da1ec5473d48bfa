CREATE TABLE "mail_openids" (
	"mail_id" integer NOT NULL,
	"openid" text NOT NULL,
	CONSTRAINT "mail_openids_mail_id_openid_pk" PRIMARY KEY("mail_id","openid")
);
--> statement-breakpoint
CREATE TABLE "mail_recipients" (
	"mail_id" integer NOT NULL,
	"player_id" bigint NOT NULL,
	"state" text DEFAULT 'delivered' NOT NULL,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"claimed_role_id" text DEFAULT '' NOT NULL,
	CONSTRAINT "mail_recipients_mail_id_player_id_pk" PRIMARY KEY("mail_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "mails" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cp_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"title" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"sender" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"target" text NOT NULL,
	"servers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_group_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"file_id" text,
	"send_at" timestamp with time zone,
	"expire_at" timestamp with time zone,
	"status" text DEFAULT 'draft' NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"unknown_openids" integer DEFAULT 0 NOT NULL,
	"recalled_copies" integer DEFAULT 0 NOT NULL,
	"chunks_done" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"chunk_count" integer DEFAULT 0 NOT NULL,
	"job_id" integer,
	"sent_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"recalled_at" timestamp with time zone,
	"approval_id" integer,
	"created_by" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_openids" ADD CONSTRAINT "mail_openids_mail_id_mails_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_recipients" ADD CONSTRAINT "mail_recipients_mail_id_mails_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_cp_id_cps_id_fk" FOREIGN KEY ("cp_id") REFERENCES "public"."cps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_recipients_player" ON "mail_recipients" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "mails_product_status" ON "mails" USING btree ("product_id","status");--> statement-breakpoint
CREATE INDEX "mails_cp" ON "mails" USING btree ("cp_id");