CREATE INDEX "categories_updated_idx" ON "categories" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "panels_updated_idx" ON "panels" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "articles_trashed_idx" ON "articles" USING btree ("id") WHERE "articles"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "reference_entries_amount_idx" ON "reference_entries" USING btree ("amount","id");