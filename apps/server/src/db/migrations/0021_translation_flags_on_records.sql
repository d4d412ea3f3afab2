ALTER TABLE "categories" ADD COLUMN "translation_missing_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "translation_missing_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "translation_outdated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "category_langs" ADD COLUMN "translation_missing_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "category_langs" ADD COLUMN "translation_missing_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "category_langs" ADD COLUMN "translation_outdated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "galleries" ADD COLUMN "translation_missing_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "galleries" ADD COLUMN "translation_missing_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "galleries" ADD COLUMN "translation_outdated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "gallery_langs" ADD COLUMN "translation_missing_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "gallery_langs" ADD COLUMN "translation_missing_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "gallery_langs" ADD COLUMN "translation_outdated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "page_langs" ADD COLUMN "translation_missing_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "page_langs" ADD COLUMN "translation_missing_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "page_langs" ADD COLUMN "translation_outdated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "translation_missing_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "translation_missing_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "translation_outdated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "panel_langs" ADD COLUMN "translation_missing_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "panel_langs" ADD COLUMN "translation_missing_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "panel_langs" ADD COLUMN "translation_outdated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "panels" ADD COLUMN "translation_missing_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "panels" ADD COLUMN "translation_missing_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "panels" ADD COLUMN "translation_outdated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "text_langs" ADD COLUMN "translation_missing_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "text_langs" ADD COLUMN "translation_missing_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "text_langs" ADD COLUMN "translation_outdated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "texts" ADD COLUMN "translation_missing_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "texts" ADD COLUMN "translation_missing_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "texts" ADD COLUMN "translation_outdated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_template_langs" ADD COLUMN "translation_missing_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_template_langs" ADD COLUMN "translation_missing_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_template_langs" ADD COLUMN "translation_outdated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_templates" ADD COLUMN "translation_missing_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_templates" ADD COLUMN "translation_missing_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_templates" ADD COLUMN "translation_outdated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "article_langs" ADD COLUMN "translation_missing_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "article_langs" ADD COLUMN "translation_missing_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "article_langs" ADD COLUMN "translation_outdated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "translation_missing_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "translation_missing_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "translation_outdated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_langs" ADD COLUMN "translation_missing_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_langs" ADD COLUMN "translation_missing_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_langs" ADD COLUMN "translation_outdated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "translation_missing_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "translation_missing_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "translation_outdated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reference_langs" ADD COLUMN "translation_missing_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reference_langs" ADD COLUMN "translation_missing_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reference_langs" ADD COLUMN "translation_outdated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reference_entries" ADD COLUMN "translation_missing_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reference_entries" ADD COLUMN "translation_missing_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reference_entries" ADD COLUMN "translation_outdated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The record's flags from its language rows' state (the flagged rows alone, through the partial indexes dropped at
-- the end), then copied onto its language rows (docs/features/translations.md).
UPDATE "texts" SET "translation_missing_sk" = f.missing_sk, "translation_missing_en" = f.missing_en, "translation_outdated" = f.outdated
FROM (
  SELECT "text_id" AS id, bool_or("language_code" = 'sk' AND "missing") AS missing_sk,
    bool_or("language_code" = 'en' AND "missing") AS missing_en, bool_or("outdated") AS outdated
  FROM "text_langs" WHERE "missing" OR "outdated" GROUP BY "text_id"
) f
WHERE "texts"."id" = f.id;--> statement-breakpoint
UPDATE "text_langs" SET "translation_missing_sk" = o."translation_missing_sk",
  "translation_missing_en" = o."translation_missing_en", "translation_outdated" = o."translation_outdated"
FROM "texts" o
WHERE o."id" = "text_langs"."text_id" AND (o."translation_missing_sk" OR o."translation_missing_en" OR o."translation_outdated");--> statement-breakpoint
UPDATE "pages" SET "translation_missing_sk" = f.missing_sk, "translation_missing_en" = f.missing_en, "translation_outdated" = f.outdated
FROM (
  SELECT "page_id" AS id, bool_or("language_code" = 'sk' AND "missing") AS missing_sk,
    bool_or("language_code" = 'en' AND "missing") AS missing_en, bool_or("outdated") AS outdated
  FROM "page_langs" WHERE "missing" OR "outdated" GROUP BY "page_id"
) f
WHERE "pages"."id" = f.id;--> statement-breakpoint
UPDATE "page_langs" SET "translation_missing_sk" = o."translation_missing_sk",
  "translation_missing_en" = o."translation_missing_en", "translation_outdated" = o."translation_outdated"
FROM "pages" o
WHERE o."id" = "page_langs"."page_id" AND (o."translation_missing_sk" OR o."translation_missing_en" OR o."translation_outdated");--> statement-breakpoint
UPDATE "categories" SET "translation_missing_sk" = f.missing_sk, "translation_missing_en" = f.missing_en, "translation_outdated" = f.outdated
FROM (
  SELECT "category_id" AS id, bool_or("language_code" = 'sk' AND "missing") AS missing_sk,
    bool_or("language_code" = 'en' AND "missing") AS missing_en, bool_or("outdated") AS outdated
  FROM "category_langs" WHERE "missing" OR "outdated" GROUP BY "category_id"
) f
WHERE "categories"."id" = f.id;--> statement-breakpoint
UPDATE "category_langs" SET "translation_missing_sk" = o."translation_missing_sk",
  "translation_missing_en" = o."translation_missing_en", "translation_outdated" = o."translation_outdated"
FROM "categories" o
WHERE o."id" = "category_langs"."category_id" AND (o."translation_missing_sk" OR o."translation_missing_en" OR o."translation_outdated");--> statement-breakpoint
UPDATE "panels" SET "translation_missing_sk" = f.missing_sk, "translation_missing_en" = f.missing_en, "translation_outdated" = f.outdated
FROM (
  SELECT "panel_id" AS id, bool_or("language_code" = 'sk' AND "missing") AS missing_sk,
    bool_or("language_code" = 'en' AND "missing") AS missing_en, bool_or("outdated") AS outdated
  FROM "panel_langs" WHERE "missing" OR "outdated" GROUP BY "panel_id"
) f
WHERE "panels"."id" = f.id;--> statement-breakpoint
UPDATE "panel_langs" SET "translation_missing_sk" = o."translation_missing_sk",
  "translation_missing_en" = o."translation_missing_en", "translation_outdated" = o."translation_outdated"
FROM "panels" o
WHERE o."id" = "panel_langs"."panel_id" AND (o."translation_missing_sk" OR o."translation_missing_en" OR o."translation_outdated");--> statement-breakpoint
UPDATE "galleries" SET "translation_missing_sk" = f.missing_sk, "translation_missing_en" = f.missing_en, "translation_outdated" = f.outdated
FROM (
  SELECT "gallery_id" AS id, bool_or("language_code" = 'sk' AND "missing") AS missing_sk,
    bool_or("language_code" = 'en' AND "missing") AS missing_en, bool_or("outdated") AS outdated
  FROM "gallery_langs" WHERE "missing" OR "outdated" GROUP BY "gallery_id"
) f
WHERE "galleries"."id" = f.id;--> statement-breakpoint
UPDATE "gallery_langs" SET "translation_missing_sk" = o."translation_missing_sk",
  "translation_missing_en" = o."translation_missing_en", "translation_outdated" = o."translation_outdated"
FROM "galleries" o
WHERE o."id" = "gallery_langs"."gallery_id" AND (o."translation_missing_sk" OR o."translation_missing_en" OR o."translation_outdated");--> statement-breakpoint
UPDATE "articles" SET "translation_missing_sk" = f.missing_sk, "translation_missing_en" = f.missing_en, "translation_outdated" = f.outdated
FROM (
  SELECT "article_id" AS id, bool_or("language_code" = 'sk' AND "missing") AS missing_sk,
    bool_or("language_code" = 'en' AND "missing") AS missing_en, bool_or("outdated") AS outdated
  FROM "article_langs" WHERE "missing" OR "outdated" GROUP BY "article_id"
) f
WHERE "articles"."id" = f.id;--> statement-breakpoint
UPDATE "article_langs" SET "translation_missing_sk" = o."translation_missing_sk",
  "translation_missing_en" = o."translation_missing_en", "translation_outdated" = o."translation_outdated"
FROM "articles" o
WHERE o."id" = "article_langs"."article_id" AND (o."translation_missing_sk" OR o."translation_missing_en" OR o."translation_outdated");--> statement-breakpoint
UPDATE "reference_entries" SET "translation_missing_sk" = f.missing_sk, "translation_missing_en" = f.missing_en, "translation_outdated" = f.outdated
FROM (
  SELECT "reference_id" AS id, bool_or("language_code" = 'sk' AND "missing") AS missing_sk,
    bool_or("language_code" = 'en' AND "missing") AS missing_en, bool_or("outdated") AS outdated
  FROM "reference_langs" WHERE "missing" OR "outdated" GROUP BY "reference_id"
) f
WHERE "reference_entries"."id" = f.id;--> statement-breakpoint
UPDATE "reference_langs" SET "translation_missing_sk" = o."translation_missing_sk",
  "translation_missing_en" = o."translation_missing_en", "translation_outdated" = o."translation_outdated"
FROM "reference_entries" o
WHERE o."id" = "reference_langs"."reference_id" AND (o."translation_missing_sk" OR o."translation_missing_en" OR o."translation_outdated");--> statement-breakpoint
UPDATE "partners" SET "translation_missing_sk" = f.missing_sk, "translation_missing_en" = f.missing_en, "translation_outdated" = f.outdated
FROM (
  SELECT "partner_id" AS id, bool_or("language_code" = 'sk' AND "missing") AS missing_sk,
    bool_or("language_code" = 'en' AND "missing") AS missing_en, bool_or("outdated") AS outdated
  FROM "partner_langs" WHERE "missing" OR "outdated" GROUP BY "partner_id"
) f
WHERE "partners"."id" = f.id;--> statement-breakpoint
UPDATE "partner_langs" SET "translation_missing_sk" = o."translation_missing_sk",
  "translation_missing_en" = o."translation_missing_en", "translation_outdated" = o."translation_outdated"
FROM "partners" o
WHERE o."id" = "partner_langs"."partner_id" AND (o."translation_missing_sk" OR o."translation_missing_en" OR o."translation_outdated");--> statement-breakpoint
UPDATE "mail_templates" SET "translation_missing_sk" = f.missing_sk, "translation_missing_en" = f.missing_en, "translation_outdated" = f.outdated
FROM (
  SELECT "template_id" AS id, bool_or("language_code" = 'sk' AND "missing") AS missing_sk,
    bool_or("language_code" = 'en' AND "missing") AS missing_en, bool_or("outdated") AS outdated
  FROM "mail_template_langs" WHERE "missing" OR "outdated" GROUP BY "template_id"
) f
WHERE "mail_templates"."id" = f.id;--> statement-breakpoint
UPDATE "mail_template_langs" SET "translation_missing_sk" = o."translation_missing_sk",
  "translation_missing_en" = o."translation_missing_en", "translation_outdated" = o."translation_outdated"
FROM "mail_templates" o
WHERE o."id" = "mail_template_langs"."template_id" AND (o."translation_missing_sk" OR o."translation_missing_en" OR o."translation_outdated");--> statement-breakpoint
CREATE INDEX "categories_updated_missing_sk_idx" ON "categories" USING btree ("updated_at","id") WHERE "categories"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "categories_updated_missing_en_idx" ON "categories" USING btree ("updated_at","id") WHERE "categories"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "categories_updated_outdated_idx" ON "categories" USING btree ("updated_at","id") WHERE "categories"."translation_outdated";--> statement-breakpoint
CREATE INDEX "categories_status_missing_sk_idx" ON "categories" USING btree ("status","id") WHERE "categories"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "categories_status_missing_en_idx" ON "categories" USING btree ("status","id") WHERE "categories"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "categories_status_outdated_idx" ON "categories" USING btree ("status","id") WHERE "categories"."translation_outdated";--> statement-breakpoint
CREATE INDEX "categories_id_missing_sk_idx" ON "categories" USING btree ("id") WHERE "categories"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "categories_id_missing_en_idx" ON "categories" USING btree ("id") WHERE "categories"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "categories_id_outdated_idx" ON "categories" USING btree ("id") WHERE "categories"."translation_outdated";--> statement-breakpoint
CREATE INDEX "category_langs_title_missing_sk_idx" ON "category_langs" USING btree ("language_code","title","category_id") WHERE "category_langs"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "category_langs_title_missing_en_idx" ON "category_langs" USING btree ("language_code","title","category_id") WHERE "category_langs"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "category_langs_title_outdated_idx" ON "category_langs" USING btree ("language_code","title","category_id") WHERE "category_langs"."translation_outdated";--> statement-breakpoint
CREATE INDEX "galleries_updated_missing_sk_idx" ON "galleries" USING btree ("updated_at","id") WHERE "galleries"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "galleries_updated_missing_en_idx" ON "galleries" USING btree ("updated_at","id") WHERE "galleries"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "galleries_updated_outdated_idx" ON "galleries" USING btree ("updated_at","id") WHERE "galleries"."translation_outdated";--> statement-breakpoint
CREATE INDEX "galleries_status_missing_sk_idx" ON "galleries" USING btree ("status","id") WHERE "galleries"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "galleries_status_missing_en_idx" ON "galleries" USING btree ("status","id") WHERE "galleries"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "galleries_status_outdated_idx" ON "galleries" USING btree ("status","id") WHERE "galleries"."translation_outdated";--> statement-breakpoint
CREATE INDEX "galleries_id_missing_sk_idx" ON "galleries" USING btree ("id") WHERE "galleries"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "galleries_id_missing_en_idx" ON "galleries" USING btree ("id") WHERE "galleries"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "galleries_id_outdated_idx" ON "galleries" USING btree ("id") WHERE "galleries"."translation_outdated";--> statement-breakpoint
CREATE INDEX "gallery_langs_title_missing_sk_idx" ON "gallery_langs" USING btree ("language_code","title","gallery_id") WHERE "gallery_langs"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "gallery_langs_title_missing_en_idx" ON "gallery_langs" USING btree ("language_code","title","gallery_id") WHERE "gallery_langs"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "gallery_langs_title_outdated_idx" ON "gallery_langs" USING btree ("language_code","title","gallery_id") WHERE "gallery_langs"."translation_outdated";--> statement-breakpoint
CREATE INDEX "page_langs_title_missing_sk_idx" ON "page_langs" USING btree ("language_code","title","page_id") WHERE "page_langs"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "page_langs_title_missing_en_idx" ON "page_langs" USING btree ("language_code","title","page_id") WHERE "page_langs"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "page_langs_title_outdated_idx" ON "page_langs" USING btree ("language_code","title","page_id") WHERE "page_langs"."translation_outdated";--> statement-breakpoint
CREATE INDEX "pages_updated_missing_sk_idx" ON "pages" USING btree ("updated_at","id") WHERE "pages"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "pages_updated_missing_en_idx" ON "pages" USING btree ("updated_at","id") WHERE "pages"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "pages_updated_outdated_idx" ON "pages" USING btree ("updated_at","id") WHERE "pages"."translation_outdated";--> statement-breakpoint
CREATE INDEX "pages_status_missing_sk_idx" ON "pages" USING btree ("status","id") WHERE "pages"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "pages_status_missing_en_idx" ON "pages" USING btree ("status","id") WHERE "pages"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "pages_status_outdated_idx" ON "pages" USING btree ("status","id") WHERE "pages"."translation_outdated";--> statement-breakpoint
CREATE INDEX "pages_id_missing_sk_idx" ON "pages" USING btree ("id") WHERE "pages"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "pages_id_missing_en_idx" ON "pages" USING btree ("id") WHERE "pages"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "pages_id_outdated_idx" ON "pages" USING btree ("id") WHERE "pages"."translation_outdated";--> statement-breakpoint
CREATE INDEX "panel_langs_title_missing_sk_idx" ON "panel_langs" USING btree ("language_code","title","panel_id") WHERE "panel_langs"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "panel_langs_title_missing_en_idx" ON "panel_langs" USING btree ("language_code","title","panel_id") WHERE "panel_langs"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "panel_langs_title_outdated_idx" ON "panel_langs" USING btree ("language_code","title","panel_id") WHERE "panel_langs"."translation_outdated";--> statement-breakpoint
CREATE INDEX "panels_priority_missing_sk_idx" ON "panels" USING btree ("priority","id") WHERE "panels"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "panels_priority_missing_en_idx" ON "panels" USING btree ("priority","id") WHERE "panels"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "panels_priority_outdated_idx" ON "panels" USING btree ("priority","id") WHERE "panels"."translation_outdated";--> statement-breakpoint
CREATE INDEX "panels_updated_missing_sk_idx" ON "panels" USING btree ("updated_at","id") WHERE "panels"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "panels_updated_missing_en_idx" ON "panels" USING btree ("updated_at","id") WHERE "panels"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "panels_updated_outdated_idx" ON "panels" USING btree ("updated_at","id") WHERE "panels"."translation_outdated";--> statement-breakpoint
CREATE INDEX "panels_status_missing_sk_idx" ON "panels" USING btree ("status","id") WHERE "panels"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "panels_status_missing_en_idx" ON "panels" USING btree ("status","id") WHERE "panels"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "panels_status_outdated_idx" ON "panels" USING btree ("status","id") WHERE "panels"."translation_outdated";--> statement-breakpoint
CREATE INDEX "panels_id_missing_sk_idx" ON "panels" USING btree ("id") WHERE "panels"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "panels_id_missing_en_idx" ON "panels" USING btree ("id") WHERE "panels"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "panels_id_outdated_idx" ON "panels" USING btree ("id") WHERE "panels"."translation_outdated";--> statement-breakpoint
CREATE INDEX "text_langs_title_missing_sk_idx" ON "text_langs" USING btree ("language_code","title","text_id") WHERE "text_langs"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "text_langs_title_missing_en_idx" ON "text_langs" USING btree ("language_code","title","text_id") WHERE "text_langs"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "text_langs_title_outdated_idx" ON "text_langs" USING btree ("language_code","title","text_id") WHERE "text_langs"."translation_outdated";--> statement-breakpoint
CREATE INDEX "texts_updated_missing_sk_idx" ON "texts" USING btree ("updated_at","id") WHERE "texts"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "texts_updated_missing_en_idx" ON "texts" USING btree ("updated_at","id") WHERE "texts"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "texts_updated_outdated_idx" ON "texts" USING btree ("updated_at","id") WHERE "texts"."translation_outdated";--> statement-breakpoint
CREATE INDEX "texts_status_missing_sk_idx" ON "texts" USING btree ("status","id") WHERE "texts"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "texts_status_missing_en_idx" ON "texts" USING btree ("status","id") WHERE "texts"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "texts_status_outdated_idx" ON "texts" USING btree ("status","id") WHERE "texts"."translation_outdated";--> statement-breakpoint
CREATE INDEX "texts_id_missing_sk_idx" ON "texts" USING btree ("id") WHERE "texts"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "texts_id_missing_en_idx" ON "texts" USING btree ("id") WHERE "texts"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "texts_id_outdated_idx" ON "texts" USING btree ("id") WHERE "texts"."translation_outdated";--> statement-breakpoint
CREATE INDEX "mail_template_langs_title_missing_sk_idx" ON "mail_template_langs" USING btree ("language_code","title","template_id") WHERE "mail_template_langs"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "mail_template_langs_title_missing_en_idx" ON "mail_template_langs" USING btree ("language_code","title","template_id") WHERE "mail_template_langs"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "mail_template_langs_title_outdated_idx" ON "mail_template_langs" USING btree ("language_code","title","template_id") WHERE "mail_template_langs"."translation_outdated";--> statement-breakpoint
CREATE INDEX "mail_templates_updated_missing_sk_idx" ON "mail_templates" USING btree ("updated_at","id") WHERE "mail_templates"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "mail_templates_updated_missing_en_idx" ON "mail_templates" USING btree ("updated_at","id") WHERE "mail_templates"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "mail_templates_updated_outdated_idx" ON "mail_templates" USING btree ("updated_at","id") WHERE "mail_templates"."translation_outdated";--> statement-breakpoint
CREATE INDEX "article_langs_title_missing_sk_idx" ON "article_langs" USING btree ("language_code","title","article_id") WHERE "article_langs"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "article_langs_title_missing_en_idx" ON "article_langs" USING btree ("language_code","title","article_id") WHERE "article_langs"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "article_langs_title_outdated_idx" ON "article_langs" USING btree ("language_code","title","article_id") WHERE "article_langs"."translation_outdated";--> statement-breakpoint
CREATE INDEX "articles_updated_missing_sk_idx" ON "articles" USING btree ("updated_at","id") WHERE "articles"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "articles_updated_missing_en_idx" ON "articles" USING btree ("updated_at","id") WHERE "articles"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "articles_updated_outdated_idx" ON "articles" USING btree ("updated_at","id") WHERE "articles"."translation_outdated";--> statement-breakpoint
CREATE INDEX "articles_status_missing_sk_idx" ON "articles" USING btree ("status","id") WHERE "articles"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "articles_status_missing_en_idx" ON "articles" USING btree ("status","id") WHERE "articles"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "articles_status_outdated_idx" ON "articles" USING btree ("status","id") WHERE "articles"."translation_outdated";--> statement-breakpoint
CREATE INDEX "articles_id_missing_sk_idx" ON "articles" USING btree ("id") WHERE "articles"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "articles_id_missing_en_idx" ON "articles" USING btree ("id") WHERE "articles"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "articles_id_outdated_idx" ON "articles" USING btree ("id") WHERE "articles"."translation_outdated";--> statement-breakpoint
CREATE INDEX "partner_langs_title_missing_sk_idx" ON "partner_langs" USING btree ("language_code","title","partner_id") WHERE "partner_langs"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "partner_langs_title_missing_en_idx" ON "partner_langs" USING btree ("language_code","title","partner_id") WHERE "partner_langs"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "partner_langs_title_outdated_idx" ON "partner_langs" USING btree ("language_code","title","partner_id") WHERE "partner_langs"."translation_outdated";--> statement-breakpoint
CREATE INDEX "partners_order_missing_sk_idx" ON "partners" USING btree ("order","id") WHERE "partners"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "partners_order_missing_en_idx" ON "partners" USING btree ("order","id") WHERE "partners"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "partners_order_outdated_idx" ON "partners" USING btree ("order","id") WHERE "partners"."translation_outdated";--> statement-breakpoint
CREATE INDEX "partners_updated_missing_sk_idx" ON "partners" USING btree ("updated_at","id") WHERE "partners"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "partners_updated_missing_en_idx" ON "partners" USING btree ("updated_at","id") WHERE "partners"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "partners_updated_outdated_idx" ON "partners" USING btree ("updated_at","id") WHERE "partners"."translation_outdated";--> statement-breakpoint
CREATE INDEX "partners_status_missing_sk_idx" ON "partners" USING btree ("status","id") WHERE "partners"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "partners_status_missing_en_idx" ON "partners" USING btree ("status","id") WHERE "partners"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "partners_status_outdated_idx" ON "partners" USING btree ("status","id") WHERE "partners"."translation_outdated";--> statement-breakpoint
CREATE INDEX "partners_id_missing_sk_idx" ON "partners" USING btree ("id") WHERE "partners"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "partners_id_missing_en_idx" ON "partners" USING btree ("id") WHERE "partners"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "partners_id_outdated_idx" ON "partners" USING btree ("id") WHERE "partners"."translation_outdated";--> statement-breakpoint
CREATE INDEX "reference_langs_title_missing_sk_idx" ON "reference_langs" USING btree ("language_code","title","reference_id") WHERE "reference_langs"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "reference_langs_title_missing_en_idx" ON "reference_langs" USING btree ("language_code","title","reference_id") WHERE "reference_langs"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "reference_langs_title_outdated_idx" ON "reference_langs" USING btree ("language_code","title","reference_id") WHERE "reference_langs"."translation_outdated";--> statement-breakpoint
CREATE INDEX "reference_entries_updated_missing_sk_idx" ON "reference_entries" USING btree ("updated_at","id") WHERE "reference_entries"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "reference_entries_updated_missing_en_idx" ON "reference_entries" USING btree ("updated_at","id") WHERE "reference_entries"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "reference_entries_updated_outdated_idx" ON "reference_entries" USING btree ("updated_at","id") WHERE "reference_entries"."translation_outdated";--> statement-breakpoint
CREATE INDEX "reference_entries_status_missing_sk_idx" ON "reference_entries" USING btree ("status","id") WHERE "reference_entries"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "reference_entries_status_missing_en_idx" ON "reference_entries" USING btree ("status","id") WHERE "reference_entries"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "reference_entries_status_outdated_idx" ON "reference_entries" USING btree ("status","id") WHERE "reference_entries"."translation_outdated";--> statement-breakpoint
CREATE INDEX "reference_entries_amount_missing_sk_idx" ON "reference_entries" USING btree ("amount","id") WHERE "reference_entries"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "reference_entries_amount_missing_en_idx" ON "reference_entries" USING btree ("amount","id") WHERE "reference_entries"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "reference_entries_amount_outdated_idx" ON "reference_entries" USING btree ("amount","id") WHERE "reference_entries"."translation_outdated";--> statement-breakpoint
CREATE INDEX "reference_entries_order_missing_sk_idx" ON "reference_entries" USING btree ("order","id") WHERE "reference_entries"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "reference_entries_order_missing_en_idx" ON "reference_entries" USING btree ("order","id") WHERE "reference_entries"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "reference_entries_order_outdated_idx" ON "reference_entries" USING btree ("order","id") WHERE "reference_entries"."translation_outdated";--> statement-breakpoint
CREATE INDEX "reference_entries_id_missing_sk_idx" ON "reference_entries" USING btree ("id") WHERE "reference_entries"."translation_missing_sk";--> statement-breakpoint
CREATE INDEX "reference_entries_id_missing_en_idx" ON "reference_entries" USING btree ("id") WHERE "reference_entries"."translation_missing_en";--> statement-breakpoint
CREATE INDEX "reference_entries_id_outdated_idx" ON "reference_entries" USING btree ("id") WHERE "reference_entries"."translation_outdated";--> statement-breakpoint
DROP INDEX "category_langs_missing_idx";--> statement-breakpoint
DROP INDEX "category_langs_outdated_idx";--> statement-breakpoint
DROP INDEX "gallery_langs_missing_idx";--> statement-breakpoint
DROP INDEX "gallery_langs_outdated_idx";--> statement-breakpoint
DROP INDEX "page_langs_missing_idx";--> statement-breakpoint
DROP INDEX "page_langs_outdated_idx";--> statement-breakpoint
DROP INDEX "panel_langs_missing_idx";--> statement-breakpoint
DROP INDEX "panel_langs_outdated_idx";--> statement-breakpoint
DROP INDEX "text_langs_missing_idx";--> statement-breakpoint
DROP INDEX "text_langs_outdated_idx";--> statement-breakpoint
DROP INDEX "mail_template_langs_missing_idx";--> statement-breakpoint
DROP INDEX "mail_template_langs_outdated_idx";--> statement-breakpoint
DROP INDEX "article_langs_missing_idx";--> statement-breakpoint
DROP INDEX "article_langs_outdated_idx";--> statement-breakpoint
DROP INDEX "partner_langs_missing_idx";--> statement-breakpoint
DROP INDEX "partner_langs_outdated_idx";--> statement-breakpoint
DROP INDEX "reference_langs_missing_idx";--> statement-breakpoint
DROP INDEX "reference_langs_outdated_idx";--> statement-breakpoint
-- Statistics of the new columns at once (PGlite has no autovacuum): a list's total is the planner's estimate of the
-- flagged rows when it is large.
ANALYZE "texts", "text_langs", "pages", "page_langs", "categories", "category_langs", "panels", "panel_langs", "galleries", "gallery_langs", "articles", "article_langs", "reference_entries", "reference_langs", "partners", "partner_langs", "mail_templates", "mail_template_langs";
