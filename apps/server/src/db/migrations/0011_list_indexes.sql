DROP INDEX "category_langs_title_idx";--> statement-breakpoint
DROP INDEX "gallery_langs_title_idx";--> statement-breakpoint
DROP INDEX "panel_langs_title_idx";--> statement-breakpoint
DROP INDEX "text_langs_title_idx";--> statement-breakpoint
DROP INDEX "mail_template_langs_title_idx";--> statement-breakpoint
DROP INDEX "article_langs_title_idx";--> statement-breakpoint
DROP INDEX "partner_langs_title_idx";--> statement-breakpoint
DROP INDEX "reference_langs_title_idx";--> statement-breakpoint
CREATE INDEX "categories_status_idx" ON "categories" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "categories_live_idx" ON "categories" USING btree ("id") WHERE "categories"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "category_langs_title_trgm_idx" ON "category_langs" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "galleries_status_idx" ON "galleries" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "galleries_live_idx" ON "galleries" USING btree ("id") WHERE "galleries"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "gallery_langs_title_trgm_idx" ON "gallery_langs" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pages_status_idx" ON "pages" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "panel_langs_title_trgm_idx" ON "panel_langs" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "panels_status_idx" ON "panels" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "panels_live_idx" ON "panels" USING btree ("id") WHERE "panels"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "text_langs_title_trgm_idx" ON "text_langs" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "texts_status_idx" ON "texts" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "texts_live_idx" ON "texts" USING btree ("id") WHERE "texts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "form_contacts_live_idx" ON "form_contacts" USING btree ("id") WHERE "form_contacts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "form_contacts_name_idx" ON "form_contacts" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "form_contacts_email_idx" ON "form_contacts" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "form_contacts_name_trgm_idx" ON "form_contacts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "form_contacts_email_trgm_idx" ON "form_contacts" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "form_contacts_company_trgm_idx" ON "form_contacts" USING gin ("company" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "form_prices_live_idx" ON "form_prices" USING btree ("id") WHERE "form_prices"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "form_prices_name_idx" ON "form_prices" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "form_prices_email_idx" ON "form_prices" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "form_prices_name_trgm_idx" ON "form_prices" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "form_prices_email_trgm_idx" ON "form_prices" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "form_prices_contact_trgm_idx" ON "form_prices" USING gin ("contact" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "form_registrations_live_idx" ON "form_registrations" USING btree ("id") WHERE "form_registrations"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "form_registrations_name_idx" ON "form_registrations" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "form_registrations_email_idx" ON "form_registrations" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "form_registrations_name_trgm_idx" ON "form_registrations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "form_registrations_email_trgm_idx" ON "form_registrations" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "form_registrations_contact_trgm_idx" ON "form_registrations" USING gin ("contact" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_live_idx" ON "users" USING btree ("id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_name_sort_idx" ON "users" USING btree ("name","surname","id");--> statement-breakpoint
CREATE INDEX "users_fullname_trgm_idx" ON "users" USING gin (("name" || ' ' || "surname") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mail_template_langs_title_trgm_idx" ON "mail_template_langs" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "article_langs_title_trgm_idx" ON "article_langs" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "articles_status_idx" ON "articles" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "articles_live_idx" ON "articles" USING btree ("id") WHERE "articles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "partner_langs_title_trgm_idx" ON "partner_langs" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "partners_status_idx" ON "partners" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "partners_live_idx" ON "partners" USING btree ("id") WHERE "partners"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "reference_langs_title_trgm_idx" ON "reference_langs" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reference_entries_status_idx" ON "reference_entries" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "reference_entries_live_idx" ON "reference_entries" USING btree ("id") WHERE "reference_entries"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "category_langs_title_idx" ON "category_langs" USING btree ("language_code","title","category_id");--> statement-breakpoint
CREATE INDEX "gallery_langs_title_idx" ON "gallery_langs" USING btree ("language_code","title","gallery_id");--> statement-breakpoint
CREATE INDEX "panel_langs_title_idx" ON "panel_langs" USING btree ("language_code","title","panel_id");--> statement-breakpoint
CREATE INDEX "text_langs_title_idx" ON "text_langs" USING btree ("language_code","title","text_id");--> statement-breakpoint
CREATE INDEX "mail_template_langs_title_idx" ON "mail_template_langs" USING btree ("language_code","title","template_id");--> statement-breakpoint
CREATE INDEX "article_langs_title_idx" ON "article_langs" USING btree ("language_code","title","article_id");--> statement-breakpoint
CREATE INDEX "partner_langs_title_idx" ON "partner_langs" USING btree ("language_code","title","partner_id");--> statement-breakpoint
CREATE INDEX "reference_langs_title_idx" ON "reference_langs" USING btree ("language_code","title","reference_id");