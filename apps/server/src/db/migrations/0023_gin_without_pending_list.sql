-- The list searches' trigram indexes without the pending list (fastupdate), as the search everything's have been
-- since 0020: a search reads the pending list through, and only a vacuum empties it, which PGlite never runs (a
-- search of 20,000 users read 364 pages and took 41 ms instead of 0.1 ms, docs/features/lists.md "Search"). Set in
-- place, then each list emptied once; a rebuild would also drop the statistics target of migration 0022.
ALTER INDEX "category_langs_title_trgm_sk_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "category_langs_title_trgm_en_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "gallery_langs_title_trgm_sk_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "gallery_langs_title_trgm_en_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "page_langs_title_trgm_sk_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "page_langs_title_trgm_en_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "panel_langs_title_trgm_sk_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "panel_langs_title_trgm_en_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "text_langs_title_trgm_sk_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "text_langs_title_trgm_en_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "form_contacts_name_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "form_contacts_email_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "form_contacts_company_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "form_prices_name_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "form_prices_email_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "form_prices_contact_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "form_registrations_name_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "form_registrations_email_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "form_registrations_contact_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "users_fullname_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "users_email_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "mail_template_langs_title_trgm_sk_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "mail_template_langs_title_trgm_en_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "article_langs_title_trgm_sk_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "article_langs_title_trgm_en_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "partner_langs_title_trgm_sk_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "partner_langs_title_trgm_en_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "reference_langs_title_trgm_sk_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "reference_langs_title_trgm_en_idx" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list('category_langs_title_trgm_sk_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('category_langs_title_trgm_en_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('gallery_langs_title_trgm_sk_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('gallery_langs_title_trgm_en_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('page_langs_title_trgm_sk_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('page_langs_title_trgm_en_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('panel_langs_title_trgm_sk_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('panel_langs_title_trgm_en_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('text_langs_title_trgm_sk_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('text_langs_title_trgm_en_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('form_contacts_name_trgm_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('form_contacts_email_trgm_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('form_contacts_company_trgm_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('form_prices_name_trgm_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('form_prices_email_trgm_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('form_prices_contact_trgm_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('form_registrations_name_trgm_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('form_registrations_email_trgm_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('form_registrations_contact_trgm_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('users_fullname_trgm_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('users_email_trgm_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('mail_template_langs_title_trgm_sk_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('mail_template_langs_title_trgm_en_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('article_langs_title_trgm_sk_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('article_langs_title_trgm_en_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('partner_langs_title_trgm_sk_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('partner_langs_title_trgm_en_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('reference_langs_title_trgm_sk_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('reference_langs_title_trgm_en_idx'::regclass);
