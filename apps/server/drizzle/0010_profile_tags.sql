CREATE TABLE "player_tag_values" (
	"product_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"player_id" bigint NOT NULL,
	"value_bool" boolean,
	"value_text" text,
	"value_num" double precision,
	"value_time" timestamp with time zone,
	"source" text NOT NULL,
	"set_by" text DEFAULT '' NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_tag_values_tag_id_player_id_pk" PRIMARY KEY("tag_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "profile_tags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "profile_tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"type" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text NOT NULL,
	"rule" jsonb,
	"description" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "player_tag_values" ADD CONSTRAINT "player_tag_values_tag_id_profile_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."profile_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_tag_values" ADD CONSTRAINT "player_tag_values_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_tags" ADD CONSTRAINT "profile_tags_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_tag_values_player" ON "player_tag_values" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "player_tag_values_text" ON "player_tag_values" USING btree ("tag_id","value_text");--> statement-breakpoint
CREATE INDEX "player_tag_values_num" ON "player_tag_values" USING btree ("tag_id","value_num");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_tags_product_name" ON "profile_tags" USING btree ("product_id","name");