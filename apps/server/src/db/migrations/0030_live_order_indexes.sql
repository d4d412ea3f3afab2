-- The live rows of each list in its order with their ids (docs/features/lists.md "Deep pages"): a page by its number
-- far down is an index-only walk that skips index entries, by the record's sort column or by the live titles.
CREATE INDEX "categories_live_updated_at_idx" ON "categories" USING btree ("updated_at","id") WHERE "categories"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "category_langs_live_title_idx" ON "category_langs" USING btree ("language_code","title","category_id") WHERE "category_langs"."record_deleted_at" is null;--> statement-breakpoint
CREATE INDEX "galleries_live_updated_at_idx" ON "galleries" USING btree ("updated_at","id") WHERE "galleries"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "gallery_langs_live_title_idx" ON "gallery_langs" USING btree ("language_code","title","gallery_id") WHERE "gallery_langs"."record_deleted_at" is null;--> statement-breakpoint
CREATE INDEX "page_langs_live_title_idx" ON "page_langs" USING btree ("language_code","title","page_id") WHERE "page_langs"."record_deleted_at" is null;--> statement-breakpoint
CREATE INDEX "pages_live_updated_at_idx" ON "pages" USING btree ("updated_at","id") WHERE "pages"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "panel_langs_live_title_idx" ON "panel_langs" USING btree ("language_code","title","panel_id") WHERE "panel_langs"."record_deleted_at" is null;--> statement-breakpoint
CREATE INDEX "panels_live_updated_at_idx" ON "panels" USING btree ("updated_at","id") WHERE "panels"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "panels_live_priority_idx" ON "panels" USING btree ("priority","id") WHERE "panels"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "text_langs_live_title_idx" ON "text_langs" USING btree ("language_code","title","text_id") WHERE "text_langs"."record_deleted_at" is null;--> statement-breakpoint
CREATE INDEX "texts_live_updated_at_idx" ON "texts" USING btree ("updated_at","id") WHERE "texts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "mail_template_langs_live_title_idx" ON "mail_template_langs" USING btree ("language_code","title","template_id") WHERE "mail_template_langs"."record_deleted_at" is null;--> statement-breakpoint
CREATE INDEX "article_langs_live_title_idx" ON "article_langs" USING btree ("language_code","title","article_id") WHERE "article_langs"."record_deleted_at" is null;--> statement-breakpoint
CREATE INDEX "articles_live_updated_at_idx" ON "articles" USING btree ("updated_at","id") WHERE "articles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "partner_langs_live_title_idx" ON "partner_langs" USING btree ("language_code","title","partner_id") WHERE "partner_langs"."record_deleted_at" is null;--> statement-breakpoint
CREATE INDEX "partners_live_updated_at_idx" ON "partners" USING btree ("updated_at","id") WHERE "partners"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "partners_live_order_idx" ON "partners" USING btree ("order","id") WHERE "partners"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "reference_langs_live_title_idx" ON "reference_langs" USING btree ("language_code","title","reference_id") WHERE "reference_langs"."record_deleted_at" is null;--> statement-breakpoint
CREATE INDEX "reference_entries_live_updated_at_idx" ON "reference_entries" USING btree ("updated_at","id") WHERE "reference_entries"."deleted_at" is null;