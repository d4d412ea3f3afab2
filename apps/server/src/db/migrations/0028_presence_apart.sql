-- Presence apart (docs/features/lists.md "Presence"): a statement that sets only a user's online_at, written once a
-- minute per signed-in user, is noted in list_changes as 'users.online_at' instead of 'users'. The users' kept pages
-- and totals then live through it: a kept page reads its rows' online_at again with its check
-- (resources/kept-pages.ts LiveColumn), and a page sorted by online_at is kept for 'users.online_at' too.
-- The argument, when a trigger gives one, is the name noted instead of the table's.
CREATE OR REPLACE FUNCTION "note_list_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One row per table and writing transaction: page marks found in a snapshot that misses it are stale.
  INSERT INTO "list_changes" ("table_name", "xid") VALUES (coalesce(TG_ARGV[0], TG_TABLE_NAME), pg_current_xact_id()::text::bigint)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "users_list_change" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_list_change" AFTER INSERT OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();--> statement-breakpoint
-- Every column but online_at (db/schema/people.ts): a column added to users is added here, which a test checks.
CREATE TRIGGER "users_update_list_change" AFTER UPDATE OF "id", "role_id", "status", "name", "surname", "title_url", "email", "password", "image", "language_code", "sex", "address", "city", "zip", "country_id", "phone", "cellphone", "billing_name", "billing_address", "billing_city", "billing_zip", "billing_country_id", "billing_business_id", "billing_tax_id", "billing_vat", "shipping_name", "shipping_address", "shipping_city", "shipping_zip", "shipping_country_id", "verified_at", "created_at", "updated_at", "deleted_at" ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();--> statement-breakpoint
CREATE TRIGGER "users_online_at_list_change" AFTER UPDATE OF "online_at" ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"('users.online_at');
