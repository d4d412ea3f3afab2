DROP INDEX "category_langs_title_trgm_idx";--> statement-breakpoint
DROP INDEX "gallery_langs_title_trgm_idx";--> statement-breakpoint
DROP INDEX "page_langs_title_trgm_idx";--> statement-breakpoint
DROP INDEX "panel_langs_title_trgm_idx";--> statement-breakpoint
DROP INDEX "text_langs_title_trgm_idx";--> statement-breakpoint
DROP INDEX "mail_template_langs_title_trgm_idx";--> statement-breakpoint
DROP INDEX "article_langs_title_trgm_idx";--> statement-breakpoint
DROP INDEX "partner_langs_title_trgm_idx";--> statement-breakpoint
DROP INDEX "reference_langs_title_trgm_idx";--> statement-breakpoint
CREATE INDEX "category_langs_title_trgm_sk_idx" ON "category_langs" USING gin ("title" gin_trgm_ops) WHERE "category_langs"."language_code" = 'sk';--> statement-breakpoint
CREATE INDEX "category_langs_title_trgm_en_idx" ON "category_langs" USING gin ("title" gin_trgm_ops) WHERE "category_langs"."language_code" = 'en';--> statement-breakpoint
CREATE INDEX "gallery_langs_title_trgm_sk_idx" ON "gallery_langs" USING gin ("title" gin_trgm_ops) WHERE "gallery_langs"."language_code" = 'sk';--> statement-breakpoint
CREATE INDEX "gallery_langs_title_trgm_en_idx" ON "gallery_langs" USING gin ("title" gin_trgm_ops) WHERE "gallery_langs"."language_code" = 'en';--> statement-breakpoint
CREATE INDEX "page_langs_title_trgm_sk_idx" ON "page_langs" USING gin ("title" gin_trgm_ops) WHERE "page_langs"."language_code" = 'sk';--> statement-breakpoint
CREATE INDEX "page_langs_title_trgm_en_idx" ON "page_langs" USING gin ("title" gin_trgm_ops) WHERE "page_langs"."language_code" = 'en';--> statement-breakpoint
CREATE INDEX "panel_langs_title_trgm_sk_idx" ON "panel_langs" USING gin ("title" gin_trgm_ops) WHERE "panel_langs"."language_code" = 'sk';--> statement-breakpoint
CREATE INDEX "panel_langs_title_trgm_en_idx" ON "panel_langs" USING gin ("title" gin_trgm_ops) WHERE "panel_langs"."language_code" = 'en';--> statement-breakpoint
CREATE INDEX "text_langs_title_trgm_sk_idx" ON "text_langs" USING gin ("title" gin_trgm_ops) WHERE "text_langs"."language_code" = 'sk';--> statement-breakpoint
CREATE INDEX "text_langs_title_trgm_en_idx" ON "text_langs" USING gin ("title" gin_trgm_ops) WHERE "text_langs"."language_code" = 'en';--> statement-breakpoint
CREATE INDEX "mail_template_langs_title_trgm_sk_idx" ON "mail_template_langs" USING gin ("title" gin_trgm_ops) WHERE "mail_template_langs"."language_code" = 'sk';--> statement-breakpoint
CREATE INDEX "mail_template_langs_title_trgm_en_idx" ON "mail_template_langs" USING gin ("title" gin_trgm_ops) WHERE "mail_template_langs"."language_code" = 'en';--> statement-breakpoint
CREATE INDEX "article_langs_title_trgm_sk_idx" ON "article_langs" USING gin ("title" gin_trgm_ops) WHERE "article_langs"."language_code" = 'sk';--> statement-breakpoint
CREATE INDEX "article_langs_title_trgm_en_idx" ON "article_langs" USING gin ("title" gin_trgm_ops) WHERE "article_langs"."language_code" = 'en';--> statement-breakpoint
CREATE INDEX "partner_langs_title_trgm_sk_idx" ON "partner_langs" USING gin ("title" gin_trgm_ops) WHERE "partner_langs"."language_code" = 'sk';--> statement-breakpoint
CREATE INDEX "partner_langs_title_trgm_en_idx" ON "partner_langs" USING gin ("title" gin_trgm_ops) WHERE "partner_langs"."language_code" = 'en';--> statement-breakpoint
CREATE INDEX "reference_langs_title_trgm_sk_idx" ON "reference_langs" USING gin ("title" gin_trgm_ops) WHERE "reference_langs"."language_code" = 'sk';--> statement-breakpoint
CREATE INDEX "reference_langs_title_trgm_en_idx" ON "reference_langs" USING gin ("title" gin_trgm_ops) WHERE "reference_langs"."language_code" = 'en';