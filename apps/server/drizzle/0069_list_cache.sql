CREATE TABLE "list_changes" (
	"table_name" text NOT NULL,
	"weight" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "list_changes_table" ON "list_changes" USING btree ("table_name");--> statement-breakpoint
-- The list page cache (lib/list-cache.ts): each statement that changes a cached table adds 1 to
-- its stamp in the same transaction. Statement-level, so a batch of rows costs one row here.
CREATE FUNCTION "list_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "list_changes" ("table_name", "weight") VALUES (TG_TABLE_NAME, 1);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "props_list_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "props"
  FOR EACH STATEMENT EXECUTE FUNCTION "list_changed"();
