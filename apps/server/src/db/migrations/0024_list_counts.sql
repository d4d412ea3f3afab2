-- A list's total, counted once and kept until one of its tables is written (docs/features/lists.md "Totals").
-- Unlogged: nothing in it needs to survive a crash, and a search's first count writes no WAL.
CREATE UNLOGGED TABLE "list_counts" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"tables" text[] NOT NULL,
	"snapshot" text NOT NULL,
	"total" bigint NOT NULL,
	"approximate" boolean NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- The users' and the submissions' lists keep their totals too: their writes are noted like the content's (0016).
CREATE TRIGGER "users_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();--> statement-breakpoint
CREATE TRIGGER "form_contacts_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "form_contacts" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();--> statement-breakpoint
CREATE TRIGGER "form_prices_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "form_prices" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();--> statement-breakpoint
CREATE TRIGGER "form_registrations_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "form_registrations" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();
