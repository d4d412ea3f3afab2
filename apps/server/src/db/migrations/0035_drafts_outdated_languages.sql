-- Drafts of published records (docs/features/drafts.md); each language's "outdated" flag and the time it was last
-- current, for the translation filters and "mark as up to date" (docs/features/translations.md).
CREATE TABLE "drafts" (
	"model" varchar(64) NOT NULL,
	"record_id" integer NOT NULL,
	"user_id" integer,
	"data" jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drafts_model_record_id_pk" PRIMARY KEY("model","record_id")
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "translation_outdated_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "translation_outdated_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "category_langs" ADD COLUMN "current_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "category_langs" ADD COLUMN "translation_outdated_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "category_langs" ADD COLUMN "translation_outdated_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "galleries" ADD COLUMN "translation_outdated_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "galleries" ADD COLUMN "translation_outdated_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "gallery_langs" ADD COLUMN "current_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "gallery_langs" ADD COLUMN "translation_outdated_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "gallery_langs" ADD COLUMN "translation_outdated_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "page_langs" ADD COLUMN "current_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "page_langs" ADD COLUMN "translation_outdated_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "page_langs" ADD COLUMN "translation_outdated_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "translation_outdated_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "translation_outdated_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "panel_langs" ADD COLUMN "current_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "panel_langs" ADD COLUMN "translation_outdated_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "panel_langs" ADD COLUMN "translation_outdated_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "panels" ADD COLUMN "translation_outdated_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "panels" ADD COLUMN "translation_outdated_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "text_langs" ADD COLUMN "current_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "text_langs" ADD COLUMN "translation_outdated_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "text_langs" ADD COLUMN "translation_outdated_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "texts" ADD COLUMN "translation_outdated_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "texts" ADD COLUMN "translation_outdated_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_template_langs" ADD COLUMN "current_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_template_langs" ADD COLUMN "translation_outdated_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_template_langs" ADD COLUMN "translation_outdated_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_templates" ADD COLUMN "translation_outdated_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_templates" ADD COLUMN "translation_outdated_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "article_langs" ADD COLUMN "current_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "article_langs" ADD COLUMN "translation_outdated_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "article_langs" ADD COLUMN "translation_outdated_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "translation_outdated_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "translation_outdated_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_langs" ADD COLUMN "current_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_langs" ADD COLUMN "translation_outdated_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_langs" ADD COLUMN "translation_outdated_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "translation_outdated_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "translation_outdated_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reference_langs" ADD COLUMN "current_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "reference_langs" ADD COLUMN "translation_outdated_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reference_langs" ADD COLUMN "translation_outdated_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reference_entries" ADD COLUMN "translation_outdated_sk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reference_entries" ADD COLUMN "translation_outdated_en" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_updated_outdated_sk_idx" ON "categories" USING btree ("updated_at","id") WHERE "categories"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "categories_updated_outdated_en_idx" ON "categories" USING btree ("updated_at","id") WHERE "categories"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "categories_status_outdated_sk_idx" ON "categories" USING btree ("status","id") WHERE "categories"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "categories_status_outdated_en_idx" ON "categories" USING btree ("status","id") WHERE "categories"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "categories_id_outdated_sk_idx" ON "categories" USING btree ("id") WHERE "categories"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "categories_id_outdated_en_idx" ON "categories" USING btree ("id") WHERE "categories"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "category_langs_title_outdated_sk_idx" ON "category_langs" USING btree ("language_code","title","category_id") WHERE "category_langs"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "category_langs_title_outdated_en_idx" ON "category_langs" USING btree ("language_code","title","category_id") WHERE "category_langs"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "galleries_updated_outdated_sk_idx" ON "galleries" USING btree ("updated_at","id") WHERE "galleries"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "galleries_updated_outdated_en_idx" ON "galleries" USING btree ("updated_at","id") WHERE "galleries"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "galleries_status_outdated_sk_idx" ON "galleries" USING btree ("status","id") WHERE "galleries"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "galleries_status_outdated_en_idx" ON "galleries" USING btree ("status","id") WHERE "galleries"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "galleries_id_outdated_sk_idx" ON "galleries" USING btree ("id") WHERE "galleries"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "galleries_id_outdated_en_idx" ON "galleries" USING btree ("id") WHERE "galleries"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "gallery_langs_title_outdated_sk_idx" ON "gallery_langs" USING btree ("language_code","title","gallery_id") WHERE "gallery_langs"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "gallery_langs_title_outdated_en_idx" ON "gallery_langs" USING btree ("language_code","title","gallery_id") WHERE "gallery_langs"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "page_langs_title_outdated_sk_idx" ON "page_langs" USING btree ("language_code","title","page_id") WHERE "page_langs"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "page_langs_title_outdated_en_idx" ON "page_langs" USING btree ("language_code","title","page_id") WHERE "page_langs"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "pages_updated_outdated_sk_idx" ON "pages" USING btree ("updated_at","id") WHERE "pages"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "pages_updated_outdated_en_idx" ON "pages" USING btree ("updated_at","id") WHERE "pages"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "pages_status_outdated_sk_idx" ON "pages" USING btree ("status","id") WHERE "pages"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "pages_status_outdated_en_idx" ON "pages" USING btree ("status","id") WHERE "pages"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "pages_id_outdated_sk_idx" ON "pages" USING btree ("id") WHERE "pages"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "pages_id_outdated_en_idx" ON "pages" USING btree ("id") WHERE "pages"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "panel_langs_title_outdated_sk_idx" ON "panel_langs" USING btree ("language_code","title","panel_id") WHERE "panel_langs"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "panel_langs_title_outdated_en_idx" ON "panel_langs" USING btree ("language_code","title","panel_id") WHERE "panel_langs"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "panels_priority_outdated_sk_idx" ON "panels" USING btree ("priority","id") WHERE "panels"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "panels_priority_outdated_en_idx" ON "panels" USING btree ("priority","id") WHERE "panels"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "panels_updated_outdated_sk_idx" ON "panels" USING btree ("updated_at","id") WHERE "panels"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "panels_updated_outdated_en_idx" ON "panels" USING btree ("updated_at","id") WHERE "panels"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "panels_status_outdated_sk_idx" ON "panels" USING btree ("status","id") WHERE "panels"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "panels_status_outdated_en_idx" ON "panels" USING btree ("status","id") WHERE "panels"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "panels_id_outdated_sk_idx" ON "panels" USING btree ("id") WHERE "panels"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "panels_id_outdated_en_idx" ON "panels" USING btree ("id") WHERE "panels"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "text_langs_title_outdated_sk_idx" ON "text_langs" USING btree ("language_code","title","text_id") WHERE "text_langs"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "text_langs_title_outdated_en_idx" ON "text_langs" USING btree ("language_code","title","text_id") WHERE "text_langs"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "texts_updated_outdated_sk_idx" ON "texts" USING btree ("updated_at","id") WHERE "texts"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "texts_updated_outdated_en_idx" ON "texts" USING btree ("updated_at","id") WHERE "texts"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "texts_status_outdated_sk_idx" ON "texts" USING btree ("status","id") WHERE "texts"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "texts_status_outdated_en_idx" ON "texts" USING btree ("status","id") WHERE "texts"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "texts_id_outdated_sk_idx" ON "texts" USING btree ("id") WHERE "texts"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "texts_id_outdated_en_idx" ON "texts" USING btree ("id") WHERE "texts"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "mail_template_langs_title_outdated_sk_idx" ON "mail_template_langs" USING btree ("language_code","title","template_id") WHERE "mail_template_langs"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "mail_template_langs_title_outdated_en_idx" ON "mail_template_langs" USING btree ("language_code","title","template_id") WHERE "mail_template_langs"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "mail_templates_updated_outdated_sk_idx" ON "mail_templates" USING btree ("updated_at","id") WHERE "mail_templates"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "mail_templates_updated_outdated_en_idx" ON "mail_templates" USING btree ("updated_at","id") WHERE "mail_templates"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "article_langs_title_outdated_sk_idx" ON "article_langs" USING btree ("language_code","title","article_id") WHERE "article_langs"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "article_langs_title_outdated_en_idx" ON "article_langs" USING btree ("language_code","title","article_id") WHERE "article_langs"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "articles_updated_outdated_sk_idx" ON "articles" USING btree ("updated_at","id") WHERE "articles"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "articles_updated_outdated_en_idx" ON "articles" USING btree ("updated_at","id") WHERE "articles"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "articles_status_outdated_sk_idx" ON "articles" USING btree ("status","id") WHERE "articles"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "articles_status_outdated_en_idx" ON "articles" USING btree ("status","id") WHERE "articles"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "articles_id_outdated_sk_idx" ON "articles" USING btree ("id") WHERE "articles"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "articles_id_outdated_en_idx" ON "articles" USING btree ("id") WHERE "articles"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "partner_langs_title_outdated_sk_idx" ON "partner_langs" USING btree ("language_code","title","partner_id") WHERE "partner_langs"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "partner_langs_title_outdated_en_idx" ON "partner_langs" USING btree ("language_code","title","partner_id") WHERE "partner_langs"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "partners_order_outdated_sk_idx" ON "partners" USING btree ("order","id") WHERE "partners"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "partners_order_outdated_en_idx" ON "partners" USING btree ("order","id") WHERE "partners"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "partners_updated_outdated_sk_idx" ON "partners" USING btree ("updated_at","id") WHERE "partners"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "partners_updated_outdated_en_idx" ON "partners" USING btree ("updated_at","id") WHERE "partners"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "partners_status_outdated_sk_idx" ON "partners" USING btree ("status","id") WHERE "partners"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "partners_status_outdated_en_idx" ON "partners" USING btree ("status","id") WHERE "partners"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "partners_id_outdated_sk_idx" ON "partners" USING btree ("id") WHERE "partners"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "partners_id_outdated_en_idx" ON "partners" USING btree ("id") WHERE "partners"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "reference_langs_title_outdated_sk_idx" ON "reference_langs" USING btree ("language_code","title","reference_id") WHERE "reference_langs"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "reference_langs_title_outdated_en_idx" ON "reference_langs" USING btree ("language_code","title","reference_id") WHERE "reference_langs"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "reference_entries_updated_outdated_sk_idx" ON "reference_entries" USING btree ("updated_at","id") WHERE "reference_entries"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "reference_entries_updated_outdated_en_idx" ON "reference_entries" USING btree ("updated_at","id") WHERE "reference_entries"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "reference_entries_status_outdated_sk_idx" ON "reference_entries" USING btree ("status","id") WHERE "reference_entries"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "reference_entries_status_outdated_en_idx" ON "reference_entries" USING btree ("status","id") WHERE "reference_entries"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "reference_entries_amount_outdated_sk_idx" ON "reference_entries" USING btree ("amount","id") WHERE "reference_entries"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "reference_entries_amount_outdated_en_idx" ON "reference_entries" USING btree ("amount","id") WHERE "reference_entries"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "reference_entries_order_outdated_sk_idx" ON "reference_entries" USING btree ("order","id") WHERE "reference_entries"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "reference_entries_order_outdated_en_idx" ON "reference_entries" USING btree ("order","id") WHERE "reference_entries"."translation_outdated_en";--> statement-breakpoint
CREATE INDEX "reference_entries_id_outdated_sk_idx" ON "reference_entries" USING btree ("id") WHERE "reference_entries"."translation_outdated_sk";--> statement-breakpoint
CREATE INDEX "reference_entries_id_outdated_en_idx" ON "reference_entries" USING btree ("id") WHERE "reference_entries"."translation_outdated_en";