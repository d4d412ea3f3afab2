DROP INDEX "users_name_sort_idx";--> statement-breakpoint
CREATE INDEX "form_contacts_live_created_idx" ON "form_contacts" USING btree ("created_at","id") WHERE "form_contacts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "form_prices_live_created_idx" ON "form_prices" USING btree ("created_at","id") WHERE "form_prices"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "form_registrations_live_created_idx" ON "form_registrations" USING btree ("created_at","id") WHERE "form_registrations"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_name_sort_idx" ON "users" USING btree ("name","surname","id") WHERE "users"."deleted_at" is null;