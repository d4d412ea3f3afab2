CREATE TABLE "list_changes" (
	"table_name" varchar(63) NOT NULL,
	"xid" bigint NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "list_changes_table_name_xid_pk" PRIMARY KEY("table_name","xid")
);
--> statement-breakpoint
CREATE TABLE "list_marks" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"tables" text[] NOT NULL,
	"every" integer NOT NULL,
	"snapshot" text NOT NULL,
	"keys" text[] NOT NULL,
	"ids" integer[] NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE FUNCTION "note_list_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One row per table and writing transaction: page marks found in a snapshot that misses it are stale.
  INSERT INTO "list_changes" ("table_name", "xid") VALUES (TG_TABLE_NAME, pg_current_xact_id()::text::bigint)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "articles_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "articles" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();--> statement-breakpoint
CREATE TRIGGER "article_langs_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "article_langs" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();--> statement-breakpoint
CREATE TRIGGER "texts_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "texts" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();--> statement-breakpoint
CREATE TRIGGER "text_langs_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "text_langs" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();--> statement-breakpoint
CREATE TRIGGER "pages_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pages" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();--> statement-breakpoint
CREATE TRIGGER "page_langs_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "page_langs" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();--> statement-breakpoint
CREATE TRIGGER "categories_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();--> statement-breakpoint
CREATE TRIGGER "category_langs_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "category_langs" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();--> statement-breakpoint
CREATE TRIGGER "panels_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "panels" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();--> statement-breakpoint
CREATE TRIGGER "panel_langs_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "panel_langs" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();--> statement-breakpoint
CREATE TRIGGER "galleries_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "galleries" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();--> statement-breakpoint
CREATE TRIGGER "gallery_langs_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "gallery_langs" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();--> statement-breakpoint
CREATE TRIGGER "reference_entries_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reference_entries" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();--> statement-breakpoint
CREATE TRIGGER "reference_langs_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reference_langs" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();--> statement-breakpoint
CREATE TRIGGER "partners_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "partners" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();--> statement-breakpoint
CREATE TRIGGER "partner_langs_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "partner_langs" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();--> statement-breakpoint
CREATE TRIGGER "mail_templates_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mail_templates" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();--> statement-breakpoint
CREATE TRIGGER "mail_template_langs_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mail_template_langs" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();
