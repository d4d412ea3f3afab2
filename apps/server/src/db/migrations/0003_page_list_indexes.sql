CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "page_langs_title_idx";--> statement-breakpoint
CREATE INDEX "page_langs_title_trgm_idx" ON "page_langs" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pages_live_idx" ON "pages" USING btree ("id") WHERE "pages"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "page_langs_title_idx" ON "page_langs" USING btree ("language_code","title","page_id");