CREATE TABLE "game_api_nonces" (
	"key_id" text NOT NULL,
	"nonce" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_api_nonces_key_id_nonce_pk" PRIMARY KEY("key_id","nonce")
);
--> statement-breakpoint
CREATE INDEX "game_api_nonces_created" ON "game_api_nonces" USING btree ("created_at");