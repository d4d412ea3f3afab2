ALTER TABLE "category_langs" ADD COLUMN "record_updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "category_langs" ADD COLUMN "record_deleted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "category_langs" ADD COLUMN "record_status" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "gallery_langs" ADD COLUMN "record_updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "gallery_langs" ADD COLUMN "record_deleted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "gallery_langs" ADD COLUMN "record_status" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "page_langs" ADD COLUMN "record_updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "page_langs" ADD COLUMN "record_deleted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "page_langs" ADD COLUMN "record_status" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "panel_langs" ADD COLUMN "record_updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "panel_langs" ADD COLUMN "record_deleted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "panel_langs" ADD COLUMN "record_status" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "text_langs" ADD COLUMN "record_updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "text_langs" ADD COLUMN "record_deleted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "text_langs" ADD COLUMN "record_status" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_template_langs" ADD COLUMN "record_updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_template_langs" ADD COLUMN "record_deleted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "article_langs" ADD COLUMN "record_updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "article_langs" ADD COLUMN "record_deleted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "article_langs" ADD COLUMN "record_status" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_langs" ADD COLUMN "record_updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_langs" ADD COLUMN "record_deleted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "partner_langs" ADD COLUMN "record_status" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "reference_langs" ADD COLUMN "record_updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "reference_langs" ADD COLUMN "record_deleted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "reference_langs" ADD COLUMN "record_status" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- The record's status, last change and removal on each of its language rows (schema/base.ts recordKeys): taken from
-- the record when a language row is inserted, written to both rows when an update of the record changes one of them.--> statement-breakpoint
UPDATE "article_langs" l SET "record_status" = o."status", "record_updated_at" = o."updated_at", "record_deleted_at" = o."deleted_at" FROM "articles" o WHERE o."id" = l."article_id";--> statement-breakpoint
CREATE FUNCTION "article_langs_take_record_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE o record;
BEGIN
  -- No record (a broken reference) leaves the defaults: the foreign key then refuses the row as before.
  SELECT "status", "updated_at", "deleted_at" INTO o FROM "articles" WHERE "id" = NEW."article_id";
  IF FOUND THEN NEW."record_status" := o."status"; NEW."record_updated_at" := o."updated_at"; NEW."record_deleted_at" := o."deleted_at"; END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "article_langs_take_record_keys" BEFORE INSERT ON "article_langs" FOR EACH ROW EXECUTE FUNCTION "article_langs_take_record_keys"();--> statement-breakpoint
CREATE FUNCTION "articles_give_record_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "article_langs" SET "record_status" = NEW."status", "record_updated_at" = NEW."updated_at", "record_deleted_at" = NEW."deleted_at" WHERE "article_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "articles_give_record_keys" AFTER UPDATE ON "articles" FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."updated_at" IS DISTINCT FROM NEW."updated_at" OR OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at") EXECUTE FUNCTION "articles_give_record_keys"();--> statement-breakpoint
UPDATE "text_langs" l SET "record_status" = o."status", "record_updated_at" = o."updated_at", "record_deleted_at" = o."deleted_at" FROM "texts" o WHERE o."id" = l."text_id";--> statement-breakpoint
CREATE FUNCTION "text_langs_take_record_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE o record;
BEGIN
  -- No record (a broken reference) leaves the defaults: the foreign key then refuses the row as before.
  SELECT "status", "updated_at", "deleted_at" INTO o FROM "texts" WHERE "id" = NEW."text_id";
  IF FOUND THEN NEW."record_status" := o."status"; NEW."record_updated_at" := o."updated_at"; NEW."record_deleted_at" := o."deleted_at"; END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "text_langs_take_record_keys" BEFORE INSERT ON "text_langs" FOR EACH ROW EXECUTE FUNCTION "text_langs_take_record_keys"();--> statement-breakpoint
CREATE FUNCTION "texts_give_record_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "text_langs" SET "record_status" = NEW."status", "record_updated_at" = NEW."updated_at", "record_deleted_at" = NEW."deleted_at" WHERE "text_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "texts_give_record_keys" AFTER UPDATE ON "texts" FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."updated_at" IS DISTINCT FROM NEW."updated_at" OR OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at") EXECUTE FUNCTION "texts_give_record_keys"();--> statement-breakpoint
UPDATE "page_langs" l SET "record_status" = o."status", "record_updated_at" = o."updated_at", "record_deleted_at" = o."deleted_at" FROM "pages" o WHERE o."id" = l."page_id";--> statement-breakpoint
CREATE FUNCTION "page_langs_take_record_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE o record;
BEGIN
  -- No record (a broken reference) leaves the defaults: the foreign key then refuses the row as before.
  SELECT "status", "updated_at", "deleted_at" INTO o FROM "pages" WHERE "id" = NEW."page_id";
  IF FOUND THEN NEW."record_status" := o."status"; NEW."record_updated_at" := o."updated_at"; NEW."record_deleted_at" := o."deleted_at"; END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "page_langs_take_record_keys" BEFORE INSERT ON "page_langs" FOR EACH ROW EXECUTE FUNCTION "page_langs_take_record_keys"();--> statement-breakpoint
CREATE FUNCTION "pages_give_record_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "page_langs" SET "record_status" = NEW."status", "record_updated_at" = NEW."updated_at", "record_deleted_at" = NEW."deleted_at" WHERE "page_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "pages_give_record_keys" AFTER UPDATE ON "pages" FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."updated_at" IS DISTINCT FROM NEW."updated_at" OR OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at") EXECUTE FUNCTION "pages_give_record_keys"();--> statement-breakpoint
UPDATE "category_langs" l SET "record_status" = o."status", "record_updated_at" = o."updated_at", "record_deleted_at" = o."deleted_at" FROM "categories" o WHERE o."id" = l."category_id";--> statement-breakpoint
CREATE FUNCTION "category_langs_take_record_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE o record;
BEGIN
  -- No record (a broken reference) leaves the defaults: the foreign key then refuses the row as before.
  SELECT "status", "updated_at", "deleted_at" INTO o FROM "categories" WHERE "id" = NEW."category_id";
  IF FOUND THEN NEW."record_status" := o."status"; NEW."record_updated_at" := o."updated_at"; NEW."record_deleted_at" := o."deleted_at"; END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "category_langs_take_record_keys" BEFORE INSERT ON "category_langs" FOR EACH ROW EXECUTE FUNCTION "category_langs_take_record_keys"();--> statement-breakpoint
CREATE FUNCTION "categories_give_record_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "category_langs" SET "record_status" = NEW."status", "record_updated_at" = NEW."updated_at", "record_deleted_at" = NEW."deleted_at" WHERE "category_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "categories_give_record_keys" AFTER UPDATE ON "categories" FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."updated_at" IS DISTINCT FROM NEW."updated_at" OR OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at") EXECUTE FUNCTION "categories_give_record_keys"();--> statement-breakpoint
UPDATE "panel_langs" l SET "record_status" = o."status", "record_updated_at" = o."updated_at", "record_deleted_at" = o."deleted_at" FROM "panels" o WHERE o."id" = l."panel_id";--> statement-breakpoint
CREATE FUNCTION "panel_langs_take_record_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE o record;
BEGIN
  -- No record (a broken reference) leaves the defaults: the foreign key then refuses the row as before.
  SELECT "status", "updated_at", "deleted_at" INTO o FROM "panels" WHERE "id" = NEW."panel_id";
  IF FOUND THEN NEW."record_status" := o."status"; NEW."record_updated_at" := o."updated_at"; NEW."record_deleted_at" := o."deleted_at"; END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "panel_langs_take_record_keys" BEFORE INSERT ON "panel_langs" FOR EACH ROW EXECUTE FUNCTION "panel_langs_take_record_keys"();--> statement-breakpoint
CREATE FUNCTION "panels_give_record_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "panel_langs" SET "record_status" = NEW."status", "record_updated_at" = NEW."updated_at", "record_deleted_at" = NEW."deleted_at" WHERE "panel_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "panels_give_record_keys" AFTER UPDATE ON "panels" FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."updated_at" IS DISTINCT FROM NEW."updated_at" OR OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at") EXECUTE FUNCTION "panels_give_record_keys"();--> statement-breakpoint
UPDATE "gallery_langs" l SET "record_status" = o."status", "record_updated_at" = o."updated_at", "record_deleted_at" = o."deleted_at" FROM "galleries" o WHERE o."id" = l."gallery_id";--> statement-breakpoint
CREATE FUNCTION "gallery_langs_take_record_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE o record;
BEGIN
  -- No record (a broken reference) leaves the defaults: the foreign key then refuses the row as before.
  SELECT "status", "updated_at", "deleted_at" INTO o FROM "galleries" WHERE "id" = NEW."gallery_id";
  IF FOUND THEN NEW."record_status" := o."status"; NEW."record_updated_at" := o."updated_at"; NEW."record_deleted_at" := o."deleted_at"; END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "gallery_langs_take_record_keys" BEFORE INSERT ON "gallery_langs" FOR EACH ROW EXECUTE FUNCTION "gallery_langs_take_record_keys"();--> statement-breakpoint
CREATE FUNCTION "galleries_give_record_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "gallery_langs" SET "record_status" = NEW."status", "record_updated_at" = NEW."updated_at", "record_deleted_at" = NEW."deleted_at" WHERE "gallery_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "galleries_give_record_keys" AFTER UPDATE ON "galleries" FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."updated_at" IS DISTINCT FROM NEW."updated_at" OR OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at") EXECUTE FUNCTION "galleries_give_record_keys"();--> statement-breakpoint
UPDATE "reference_langs" l SET "record_status" = o."status", "record_updated_at" = o."updated_at", "record_deleted_at" = o."deleted_at" FROM "reference_entries" o WHERE o."id" = l."reference_id";--> statement-breakpoint
CREATE FUNCTION "reference_langs_take_record_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE o record;
BEGIN
  -- No record (a broken reference) leaves the defaults: the foreign key then refuses the row as before.
  SELECT "status", "updated_at", "deleted_at" INTO o FROM "reference_entries" WHERE "id" = NEW."reference_id";
  IF FOUND THEN NEW."record_status" := o."status"; NEW."record_updated_at" := o."updated_at"; NEW."record_deleted_at" := o."deleted_at"; END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "reference_langs_take_record_keys" BEFORE INSERT ON "reference_langs" FOR EACH ROW EXECUTE FUNCTION "reference_langs_take_record_keys"();--> statement-breakpoint
CREATE FUNCTION "reference_entries_give_record_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "reference_langs" SET "record_status" = NEW."status", "record_updated_at" = NEW."updated_at", "record_deleted_at" = NEW."deleted_at" WHERE "reference_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "reference_entries_give_record_keys" AFTER UPDATE ON "reference_entries" FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."updated_at" IS DISTINCT FROM NEW."updated_at" OR OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at") EXECUTE FUNCTION "reference_entries_give_record_keys"();--> statement-breakpoint
UPDATE "partner_langs" l SET "record_status" = o."status", "record_updated_at" = o."updated_at", "record_deleted_at" = o."deleted_at" FROM "partners" o WHERE o."id" = l."partner_id";--> statement-breakpoint
CREATE FUNCTION "partner_langs_take_record_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE o record;
BEGIN
  -- No record (a broken reference) leaves the defaults: the foreign key then refuses the row as before.
  SELECT "status", "updated_at", "deleted_at" INTO o FROM "partners" WHERE "id" = NEW."partner_id";
  IF FOUND THEN NEW."record_status" := o."status"; NEW."record_updated_at" := o."updated_at"; NEW."record_deleted_at" := o."deleted_at"; END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "partner_langs_take_record_keys" BEFORE INSERT ON "partner_langs" FOR EACH ROW EXECUTE FUNCTION "partner_langs_take_record_keys"();--> statement-breakpoint
CREATE FUNCTION "partners_give_record_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "partner_langs" SET "record_status" = NEW."status", "record_updated_at" = NEW."updated_at", "record_deleted_at" = NEW."deleted_at" WHERE "partner_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "partners_give_record_keys" AFTER UPDATE ON "partners" FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."updated_at" IS DISTINCT FROM NEW."updated_at" OR OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at") EXECUTE FUNCTION "partners_give_record_keys"();--> statement-breakpoint
UPDATE "mail_template_langs" l SET "record_updated_at" = o."updated_at", "record_deleted_at" = o."deleted_at" FROM "mail_templates" o WHERE o."id" = l."template_id";--> statement-breakpoint
CREATE FUNCTION "mail_template_langs_take_record_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE o record;
BEGIN
  -- No record (a broken reference) leaves the defaults: the foreign key then refuses the row as before.
  SELECT "updated_at", "deleted_at" INTO o FROM "mail_templates" WHERE "id" = NEW."template_id";
  IF FOUND THEN NEW."record_updated_at" := o."updated_at"; NEW."record_deleted_at" := o."deleted_at"; END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "mail_template_langs_take_record_keys" BEFORE INSERT ON "mail_template_langs" FOR EACH ROW EXECUTE FUNCTION "mail_template_langs_take_record_keys"();--> statement-breakpoint
CREATE FUNCTION "mail_templates_give_record_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "mail_template_langs" SET "record_updated_at" = NEW."updated_at", "record_deleted_at" = NEW."deleted_at" WHERE "template_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "mail_templates_give_record_keys" AFTER UPDATE ON "mail_templates" FOR EACH ROW WHEN (OLD."updated_at" IS DISTINCT FROM NEW."updated_at" OR OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at") EXECUTE FUNCTION "mail_templates_give_record_keys"();
