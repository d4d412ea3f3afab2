-- Fills what migration 0035 added for the rows already there (docs/features/translations.md): each record's
-- "outdated in sk/en" flags from its outdated language rows, copied onto its language rows; an outdated locale was
-- last current when it last changed. The closing ANALYZE gives the planner the new flags' share, as 0021 did.
UPDATE "texts" SET "translation_outdated_sk" = f.sk, "translation_outdated_en" = f.en
FROM (
  SELECT "text_id" AS id, bool_or("language_code" = 'sk' AND "outdated") AS sk, bool_or("language_code" = 'en' AND "outdated") AS en
  FROM "text_langs" WHERE "outdated" GROUP BY "text_id"
) f
WHERE "texts"."id" = f.id;--> statement-breakpoint
UPDATE "text_langs" SET "translation_outdated_sk" = o."translation_outdated_sk", "translation_outdated_en" = o."translation_outdated_en"
FROM "texts" o
WHERE o."id" = "text_langs"."text_id" AND o."translation_outdated";--> statement-breakpoint
UPDATE "text_langs" SET "current_at" = "changed_at" WHERE "outdated";--> statement-breakpoint
UPDATE "pages" SET "translation_outdated_sk" = f.sk, "translation_outdated_en" = f.en
FROM (
  SELECT "page_id" AS id, bool_or("language_code" = 'sk' AND "outdated") AS sk, bool_or("language_code" = 'en' AND "outdated") AS en
  FROM "page_langs" WHERE "outdated" GROUP BY "page_id"
) f
WHERE "pages"."id" = f.id;--> statement-breakpoint
UPDATE "page_langs" SET "translation_outdated_sk" = o."translation_outdated_sk", "translation_outdated_en" = o."translation_outdated_en"
FROM "pages" o
WHERE o."id" = "page_langs"."page_id" AND o."translation_outdated";--> statement-breakpoint
UPDATE "page_langs" SET "current_at" = "changed_at" WHERE "outdated";--> statement-breakpoint
UPDATE "categories" SET "translation_outdated_sk" = f.sk, "translation_outdated_en" = f.en
FROM (
  SELECT "category_id" AS id, bool_or("language_code" = 'sk' AND "outdated") AS sk, bool_or("language_code" = 'en' AND "outdated") AS en
  FROM "category_langs" WHERE "outdated" GROUP BY "category_id"
) f
WHERE "categories"."id" = f.id;--> statement-breakpoint
UPDATE "category_langs" SET "translation_outdated_sk" = o."translation_outdated_sk", "translation_outdated_en" = o."translation_outdated_en"
FROM "categories" o
WHERE o."id" = "category_langs"."category_id" AND o."translation_outdated";--> statement-breakpoint
UPDATE "category_langs" SET "current_at" = "changed_at" WHERE "outdated";--> statement-breakpoint
UPDATE "panels" SET "translation_outdated_sk" = f.sk, "translation_outdated_en" = f.en
FROM (
  SELECT "panel_id" AS id, bool_or("language_code" = 'sk' AND "outdated") AS sk, bool_or("language_code" = 'en' AND "outdated") AS en
  FROM "panel_langs" WHERE "outdated" GROUP BY "panel_id"
) f
WHERE "panels"."id" = f.id;--> statement-breakpoint
UPDATE "panel_langs" SET "translation_outdated_sk" = o."translation_outdated_sk", "translation_outdated_en" = o."translation_outdated_en"
FROM "panels" o
WHERE o."id" = "panel_langs"."panel_id" AND o."translation_outdated";--> statement-breakpoint
UPDATE "panel_langs" SET "current_at" = "changed_at" WHERE "outdated";--> statement-breakpoint
UPDATE "galleries" SET "translation_outdated_sk" = f.sk, "translation_outdated_en" = f.en
FROM (
  SELECT "gallery_id" AS id, bool_or("language_code" = 'sk' AND "outdated") AS sk, bool_or("language_code" = 'en' AND "outdated") AS en
  FROM "gallery_langs" WHERE "outdated" GROUP BY "gallery_id"
) f
WHERE "galleries"."id" = f.id;--> statement-breakpoint
UPDATE "gallery_langs" SET "translation_outdated_sk" = o."translation_outdated_sk", "translation_outdated_en" = o."translation_outdated_en"
FROM "galleries" o
WHERE o."id" = "gallery_langs"."gallery_id" AND o."translation_outdated";--> statement-breakpoint
UPDATE "gallery_langs" SET "current_at" = "changed_at" WHERE "outdated";--> statement-breakpoint
UPDATE "articles" SET "translation_outdated_sk" = f.sk, "translation_outdated_en" = f.en
FROM (
  SELECT "article_id" AS id, bool_or("language_code" = 'sk' AND "outdated") AS sk, bool_or("language_code" = 'en' AND "outdated") AS en
  FROM "article_langs" WHERE "outdated" GROUP BY "article_id"
) f
WHERE "articles"."id" = f.id;--> statement-breakpoint
UPDATE "article_langs" SET "translation_outdated_sk" = o."translation_outdated_sk", "translation_outdated_en" = o."translation_outdated_en"
FROM "articles" o
WHERE o."id" = "article_langs"."article_id" AND o."translation_outdated";--> statement-breakpoint
UPDATE "article_langs" SET "current_at" = "changed_at" WHERE "outdated";--> statement-breakpoint
UPDATE "reference_entries" SET "translation_outdated_sk" = f.sk, "translation_outdated_en" = f.en
FROM (
  SELECT "reference_id" AS id, bool_or("language_code" = 'sk' AND "outdated") AS sk, bool_or("language_code" = 'en' AND "outdated") AS en
  FROM "reference_langs" WHERE "outdated" GROUP BY "reference_id"
) f
WHERE "reference_entries"."id" = f.id;--> statement-breakpoint
UPDATE "reference_langs" SET "translation_outdated_sk" = o."translation_outdated_sk", "translation_outdated_en" = o."translation_outdated_en"
FROM "reference_entries" o
WHERE o."id" = "reference_langs"."reference_id" AND o."translation_outdated";--> statement-breakpoint
UPDATE "reference_langs" SET "current_at" = "changed_at" WHERE "outdated";--> statement-breakpoint
UPDATE "partners" SET "translation_outdated_sk" = f.sk, "translation_outdated_en" = f.en
FROM (
  SELECT "partner_id" AS id, bool_or("language_code" = 'sk' AND "outdated") AS sk, bool_or("language_code" = 'en' AND "outdated") AS en
  FROM "partner_langs" WHERE "outdated" GROUP BY "partner_id"
) f
WHERE "partners"."id" = f.id;--> statement-breakpoint
UPDATE "partner_langs" SET "translation_outdated_sk" = o."translation_outdated_sk", "translation_outdated_en" = o."translation_outdated_en"
FROM "partners" o
WHERE o."id" = "partner_langs"."partner_id" AND o."translation_outdated";--> statement-breakpoint
UPDATE "partner_langs" SET "current_at" = "changed_at" WHERE "outdated";--> statement-breakpoint
UPDATE "mail_templates" SET "translation_outdated_sk" = f.sk, "translation_outdated_en" = f.en
FROM (
  SELECT "template_id" AS id, bool_or("language_code" = 'sk' AND "outdated") AS sk, bool_or("language_code" = 'en' AND "outdated") AS en
  FROM "mail_template_langs" WHERE "outdated" GROUP BY "template_id"
) f
WHERE "mail_templates"."id" = f.id;--> statement-breakpoint
UPDATE "mail_template_langs" SET "translation_outdated_sk" = o."translation_outdated_sk", "translation_outdated_en" = o."translation_outdated_en"
FROM "mail_templates" o
WHERE o."id" = "mail_template_langs"."template_id" AND o."translation_outdated";--> statement-breakpoint
UPDATE "mail_template_langs" SET "current_at" = "changed_at" WHERE "outdated";
--> statement-breakpoint
ANALYZE "texts", "text_langs", "pages", "page_langs", "categories", "category_langs", "panels", "panel_langs", "galleries", "gallery_langs", "articles", "article_langs", "reference_entries", "reference_langs", "partners", "partner_langs", "mail_templates", "mail_template_langs";
