CREATE TABLE "article_categories" (
	"article_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "article_categories_article_id_category_id_pk" PRIMARY KEY("article_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "article_galleries" (
	"article_id" integer NOT NULL,
	"gallery_id" integer NOT NULL,
	CONSTRAINT "article_galleries_article_id_gallery_id_pk" PRIMARY KEY("article_id","gallery_id")
);
--> statement-breakpoint
CREATE TABLE "article_langs" (
	"article_id" integer NOT NULL,
	"language_code" varchar(2) NOT NULL,
	"title" varchar(255) NOT NULL,
	"title_url" varchar(255) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"meta_title" varchar(60) DEFAULT '' NOT NULL,
	"meta_description" varchar(160) DEFAULT '' NOT NULL,
	CONSTRAINT "article_langs_article_id_language_code_pk" PRIMARY KEY("article_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "article_similars" (
	"article_id" integer NOT NULL,
	"similar_id" integer NOT NULL,
	CONSTRAINT "article_similars_article_id_similar_id_pk" PRIMARY KEY("article_id","similar_id"),
	CONSTRAINT "article_similars_not_self" CHECK ("article_similars"."article_id" <> "article_similars"."similar_id")
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"primary" boolean DEFAULT false NOT NULL,
	"poster" varchar(255),
	"status" boolean DEFAULT true NOT NULL,
	"image" varchar(255),
	"publish_up" timestamp (3) with time zone,
	"publish_down" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "gallery_image_langs" (
	"gallery_image_id" integer NOT NULL,
	"language_code" varchar(2) NOT NULL,
	"title" varchar(255) DEFAULT '' NOT NULL,
	CONSTRAINT "gallery_image_langs_gallery_image_id_language_code_pk" PRIMARY KEY("gallery_image_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "gallery_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"gallery_id" integer NOT NULL,
	"file" varchar(255) NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gallery_upload_chunks" (
	"upload_id" integer NOT NULL,
	"chunk_index" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "gallery_upload_chunks_upload_id_chunk_index_pk" PRIMARY KEY("upload_id","chunk_index")
);
--> statement-breakpoint
CREATE TABLE "gallery_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" varchar(64) NOT NULL,
	"gallery_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"total_chunks" integer NOT NULL,
	"total_size" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_langs" (
	"partner_id" integer NOT NULL,
	"language_code" varchar(2) NOT NULL,
	"title" varchar(255) NOT NULL,
	"title_url" varchar(255) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"url" varchar(255) DEFAULT '' NOT NULL,
	CONSTRAINT "partner_langs_partner_id_language_code_pk" PRIMARY KEY("partner_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"image" varchar(255),
	"publish_up" timestamp (3) with time zone,
	"publish_down" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone,
	CONSTRAINT "partners_order_min" CHECK ("partners"."order" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reference_categories" (
	"reference_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "reference_categories_reference_id_category_id_pk" PRIMARY KEY("reference_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "reference_galleries" (
	"reference_id" integer NOT NULL,
	"gallery_id" integer NOT NULL,
	CONSTRAINT "reference_galleries_reference_id_gallery_id_pk" PRIMARY KEY("reference_id","gallery_id")
);
--> statement-breakpoint
CREATE TABLE "reference_langs" (
	"reference_id" integer NOT NULL,
	"language_code" varchar(2) NOT NULL,
	"title" varchar(255) NOT NULL,
	"title_url" varchar(255) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"content_road" text DEFAULT '' NOT NULL,
	"content_railway" text DEFAULT '' NOT NULL,
	"meta_title" varchar(60) DEFAULT '' NOT NULL,
	"meta_description" varchar(160) DEFAULT '' NOT NULL,
	"panel_text" text DEFAULT '' NOT NULL,
	CONSTRAINT "reference_langs_reference_id_language_code_pk" PRIMARY KEY("reference_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "reference_similars" (
	"reference_id" integer NOT NULL,
	"similar_id" integer NOT NULL,
	CONSTRAINT "reference_similars_reference_id_similar_id_pk" PRIMARY KEY("reference_id","similar_id"),
	CONSTRAINT "reference_similars_not_self" CHECK ("reference_similars"."reference_id" <> "reference_similars"."similar_id")
);
--> statement-breakpoint
CREATE TABLE "reference_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"image" varchar(255),
	"publish_up" timestamp (3) with time zone,
	"publish_down" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone,
	CONSTRAINT "reference_entries_amount_min" CHECK ("reference_entries"."amount" >= 0),
	CONSTRAINT "reference_entries_order_min" CHECK ("reference_entries"."order" >= 0)
);
--> statement-breakpoint
ALTER TABLE "article_categories" ADD CONSTRAINT "article_categories_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_categories" ADD CONSTRAINT "article_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_galleries" ADD CONSTRAINT "article_galleries_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_galleries" ADD CONSTRAINT "article_galleries_gallery_id_galleries_id_fk" FOREIGN KEY ("gallery_id") REFERENCES "public"."galleries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_langs" ADD CONSTRAINT "article_langs_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_langs" ADD CONSTRAINT "article_langs_language_code_languages_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_similars" ADD CONSTRAINT "article_similars_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_similars" ADD CONSTRAINT "article_similars_similar_id_articles_id_fk" FOREIGN KEY ("similar_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_image_langs" ADD CONSTRAINT "gallery_image_langs_gallery_image_id_gallery_images_id_fk" FOREIGN KEY ("gallery_image_id") REFERENCES "public"."gallery_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_image_langs" ADD CONSTRAINT "gallery_image_langs_language_code_languages_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_images" ADD CONSTRAINT "gallery_images_gallery_id_galleries_id_fk" FOREIGN KEY ("gallery_id") REFERENCES "public"."galleries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_upload_chunks" ADD CONSTRAINT "gallery_upload_chunks_upload_id_gallery_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."gallery_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_uploads" ADD CONSTRAINT "gallery_uploads_gallery_id_galleries_id_fk" FOREIGN KEY ("gallery_id") REFERENCES "public"."galleries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_uploads" ADD CONSTRAINT "gallery_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_langs" ADD CONSTRAINT "partner_langs_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_langs" ADD CONSTRAINT "partner_langs_language_code_languages_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_categories" ADD CONSTRAINT "reference_categories_reference_id_reference_entries_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."reference_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_categories" ADD CONSTRAINT "reference_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_galleries" ADD CONSTRAINT "reference_galleries_reference_id_reference_entries_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."reference_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_galleries" ADD CONSTRAINT "reference_galleries_gallery_id_galleries_id_fk" FOREIGN KEY ("gallery_id") REFERENCES "public"."galleries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_langs" ADD CONSTRAINT "reference_langs_reference_id_reference_entries_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."reference_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_langs" ADD CONSTRAINT "reference_langs_language_code_languages_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_similars" ADD CONSTRAINT "reference_similars_reference_id_reference_entries_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."reference_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_similars" ADD CONSTRAINT "reference_similars_similar_id_reference_entries_id_fk" FOREIGN KEY ("similar_id") REFERENCES "public"."reference_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_categories_category_idx" ON "article_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "article_galleries_gallery_idx" ON "article_galleries" USING btree ("gallery_id");--> statement-breakpoint
CREATE INDEX "article_langs_title_idx" ON "article_langs" USING btree ("language_code","title");--> statement-breakpoint
CREATE INDEX "article_langs_url_idx" ON "article_langs" USING btree ("language_code","title_url");--> statement-breakpoint
CREATE INDEX "article_similars_similar_idx" ON "article_similars" USING btree ("similar_id");--> statement-breakpoint
CREATE INDEX "articles_updated_idx" ON "articles" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "gallery_images_gallery_idx" ON "gallery_images" USING btree ("gallery_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "gallery_uploads_key_unique" ON "gallery_uploads" USING btree ("gallery_id","user_id","uuid");--> statement-breakpoint
CREATE INDEX "gallery_uploads_created_idx" ON "gallery_uploads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "partner_langs_title_idx" ON "partner_langs" USING btree ("language_code","title");--> statement-breakpoint
CREATE INDEX "partner_langs_url_idx" ON "partner_langs" USING btree ("language_code","title_url");--> statement-breakpoint
CREATE INDEX "partners_order_idx" ON "partners" USING btree ("order");--> statement-breakpoint
CREATE INDEX "partners_updated_idx" ON "partners" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "reference_categories_category_idx" ON "reference_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "reference_galleries_gallery_idx" ON "reference_galleries" USING btree ("gallery_id");--> statement-breakpoint
CREATE INDEX "reference_langs_title_idx" ON "reference_langs" USING btree ("language_code","title");--> statement-breakpoint
CREATE INDEX "reference_langs_url_idx" ON "reference_langs" USING btree ("language_code","title_url");--> statement-breakpoint
CREATE INDEX "reference_similars_similar_idx" ON "reference_similars" USING btree ("similar_id");--> statement-breakpoint
CREATE INDEX "reference_entries_updated_idx" ON "reference_entries" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "reference_entries_order_idx" ON "reference_entries" USING btree ("order");--> statement-breakpoint
CREATE INDEX "gallery_langs_title_idx" ON "gallery_langs" USING btree ("language_code","title");