CREATE INDEX "category_langs_record_updated_idx" ON "category_langs" USING btree ("language_code","record_updated_at","category_id");--> statement-breakpoint
CREATE INDEX "category_langs_record_status_idx" ON "category_langs" USING btree ("language_code","record_status","category_id");--> statement-breakpoint
CREATE INDEX "gallery_langs_record_updated_idx" ON "gallery_langs" USING btree ("language_code","record_updated_at","gallery_id");--> statement-breakpoint
CREATE INDEX "gallery_langs_record_status_idx" ON "gallery_langs" USING btree ("language_code","record_status","gallery_id");--> statement-breakpoint
CREATE INDEX "page_langs_record_updated_idx" ON "page_langs" USING btree ("language_code","record_updated_at","page_id");--> statement-breakpoint
CREATE INDEX "page_langs_record_status_idx" ON "page_langs" USING btree ("language_code","record_status","page_id");--> statement-breakpoint
CREATE INDEX "panel_langs_record_updated_idx" ON "panel_langs" USING btree ("language_code","record_updated_at","panel_id");--> statement-breakpoint
CREATE INDEX "panel_langs_record_status_idx" ON "panel_langs" USING btree ("language_code","record_status","panel_id");--> statement-breakpoint
CREATE INDEX "text_langs_record_updated_idx" ON "text_langs" USING btree ("language_code","record_updated_at","text_id");--> statement-breakpoint
CREATE INDEX "text_langs_record_status_idx" ON "text_langs" USING btree ("language_code","record_status","text_id");--> statement-breakpoint
CREATE INDEX "mail_template_langs_record_updated_idx" ON "mail_template_langs" USING btree ("language_code","record_updated_at","template_id");--> statement-breakpoint
CREATE INDEX "article_langs_record_updated_idx" ON "article_langs" USING btree ("language_code","record_updated_at","article_id");--> statement-breakpoint
CREATE INDEX "article_langs_record_status_idx" ON "article_langs" USING btree ("language_code","record_status","article_id");--> statement-breakpoint
CREATE INDEX "partner_langs_record_updated_idx" ON "partner_langs" USING btree ("language_code","record_updated_at","partner_id");--> statement-breakpoint
CREATE INDEX "partner_langs_record_status_idx" ON "partner_langs" USING btree ("language_code","record_status","partner_id");--> statement-breakpoint
CREATE INDEX "reference_langs_record_updated_idx" ON "reference_langs" USING btree ("language_code","record_updated_at","reference_id");--> statement-breakpoint
CREATE INDEX "reference_langs_record_status_idx" ON "reference_langs" USING btree ("language_code","record_status","reference_id");