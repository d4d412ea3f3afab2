-- The planner's row estimate of a search (`title ILIKE '%word%'`) applies the pattern to the column's histogram: at
-- the default statistics target of 100 a word in 1 % of the titles hit one histogram entry or none, and the
-- estimate flipped between 2 % and the minimum with every ANALYZE, and with it the plan (walk the list's order, or
-- read every match through the trigram index and sort them: 12 ms or 140 ms for the news at a million rows). A
-- histogram ten times finer keeps the estimate within a factor of two (docs/features/lists.md, "Search").
ALTER TABLE "article_langs" ALTER COLUMN "title" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "category_langs" ALTER COLUMN "title" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "gallery_langs" ALTER COLUMN "title" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "mail_template_langs" ALTER COLUMN "title" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "page_langs" ALTER COLUMN "title" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "panel_langs" ALTER COLUMN "title" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "partner_langs" ALTER COLUMN "title" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "reference_langs" ALTER COLUMN "title" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "text_langs" ALTER COLUMN "title" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email" SET STATISTICS 1000;--> statement-breakpoint
ALTER INDEX "users_fullname_trgm_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "form_contacts" ALTER COLUMN "name" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "form_contacts" ALTER COLUMN "email" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "form_contacts" ALTER COLUMN "company" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "form_prices" ALTER COLUMN "name" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "form_prices" ALTER COLUMN "email" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "form_prices" ALTER COLUMN "contact" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "form_registrations" ALTER COLUMN "name" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "form_registrations" ALTER COLUMN "email" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "form_registrations" ALTER COLUMN "contact" SET STATISTICS 1000;
