CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"module_id" integer NOT NULL,
	"parent_id" integer,
	"redirect" varchar(255),
	"css_class" varchar(128),
	"status" boolean DEFAULT true NOT NULL,
	"image" varchar(255),
	"publish_up" timestamp (3) with time zone,
	"publish_down" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "category_langs" (
	"category_id" integer NOT NULL,
	"language_code" varchar(2) NOT NULL,
	"title" varchar(255) NOT NULL,
	"title_url" varchar(255) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"teaser" text DEFAULT '' NOT NULL,
	"page_text" text DEFAULT '' NOT NULL,
	"meta_title" varchar(60) DEFAULT '' NOT NULL,
	"meta_description" varchar(160) DEFAULT '' NOT NULL,
	"claim" text DEFAULT '' NOT NULL,
	CONSTRAINT "category_langs_category_id_language_code_pk" PRIMARY KEY("category_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "galleries" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"image" varchar(255),
	"publish_up" timestamp (3) with time zone,
	"publish_down" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "gallery_categories" (
	"gallery_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "gallery_categories_gallery_id_category_id_pk" PRIMARY KEY("gallery_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "gallery_langs" (
	"gallery_id" integer NOT NULL,
	"language_code" varchar(2) NOT NULL,
	"title" varchar(255) NOT NULL,
	"title_url" varchar(255) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"meta_title" varchar(60) DEFAULT '' NOT NULL,
	"meta_description" varchar(160) DEFAULT '' NOT NULL,
	CONSTRAINT "gallery_langs_gallery_id_language_code_pk" PRIMARY KEY("gallery_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "module_langs" (
	"module_id" integer NOT NULL,
	"language_code" varchar(2) NOT NULL,
	"title" varchar(128) NOT NULL,
	CONSTRAINT "module_langs_module_id_language_code_pk" PRIMARY KEY("module_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "modules" (
	"id" integer PRIMARY KEY NOT NULL,
	"status" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "navigation_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" varchar(64) NOT NULL,
	CONSTRAINT "navigation_groups_label_unique" UNIQUE("label")
);
--> statement-breakpoint
CREATE TABLE "navigation_nodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"page_id" integer NOT NULL,
	"parent_id" integer,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_galleries" (
	"page_id" integer NOT NULL,
	"gallery_id" integer NOT NULL,
	CONSTRAINT "page_galleries_page_id_gallery_id_pk" PRIMARY KEY("page_id","gallery_id")
);
--> statement-breakpoint
CREATE TABLE "page_langs" (
	"page_id" integer NOT NULL,
	"language_code" varchar(2) NOT NULL,
	"title" varchar(255) NOT NULL,
	"title_url" varchar(255) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"teaser" text DEFAULT '' NOT NULL,
	"page_text" text DEFAULT '' NOT NULL,
	"meta_title" varchar(60) DEFAULT '' NOT NULL,
	"meta_description" varchar(160) DEFAULT '' NOT NULL,
	"claim" text DEFAULT '' NOT NULL,
	CONSTRAINT "page_langs_page_id_language_code_pk" PRIMARY KEY("page_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "page_panels" (
	"page_id" integer NOT NULL,
	"panel_id" integer NOT NULL,
	CONSTRAINT "page_panels_page_id_panel_id_pk" PRIMARY KEY("page_id","panel_id")
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"module_id" integer,
	"category_id" integer,
	"redirect" varchar(255),
	"css_class" varchar(128),
	"status" boolean DEFAULT true NOT NULL,
	"image" varchar(255),
	"publish_up" timestamp (3) with time zone,
	"publish_down" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "panel_langs" (
	"panel_id" integer NOT NULL,
	"language_code" varchar(2) NOT NULL,
	"title" varchar(255) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	CONSTRAINT "panel_langs_panel_id_language_code_pk" PRIMARY KEY("panel_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "panels" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"priority" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_langs" ADD CONSTRAINT "category_langs_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_langs" ADD CONSTRAINT "category_langs_language_code_languages_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_categories" ADD CONSTRAINT "gallery_categories_gallery_id_galleries_id_fk" FOREIGN KEY ("gallery_id") REFERENCES "public"."galleries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_categories" ADD CONSTRAINT "gallery_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_langs" ADD CONSTRAINT "gallery_langs_gallery_id_galleries_id_fk" FOREIGN KEY ("gallery_id") REFERENCES "public"."galleries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_langs" ADD CONSTRAINT "gallery_langs_language_code_languages_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_langs" ADD CONSTRAINT "module_langs_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "navigation_nodes" ADD CONSTRAINT "navigation_nodes_group_id_navigation_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."navigation_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "navigation_nodes" ADD CONSTRAINT "navigation_nodes_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_galleries" ADD CONSTRAINT "page_galleries_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_galleries" ADD CONSTRAINT "page_galleries_gallery_id_galleries_id_fk" FOREIGN KEY ("gallery_id") REFERENCES "public"."galleries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_langs" ADD CONSTRAINT "page_langs_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_langs" ADD CONSTRAINT "page_langs_language_code_languages_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_panels" ADD CONSTRAINT "page_panels_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_panels" ADD CONSTRAINT "page_panels_panel_id_panels_id_fk" FOREIGN KEY ("panel_id") REFERENCES "public"."panels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panel_langs" ADD CONSTRAINT "panel_langs_panel_id_panels_id_fk" FOREIGN KEY ("panel_id") REFERENCES "public"."panels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panel_langs" ADD CONSTRAINT "panel_langs_language_code_languages_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_module_idx" ON "categories" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "category_langs_title_idx" ON "category_langs" USING btree ("language_code","title");--> statement-breakpoint
CREATE INDEX "category_langs_url_idx" ON "category_langs" USING btree ("language_code","title_url");--> statement-breakpoint
CREATE INDEX "galleries_updated_idx" ON "galleries" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "gallery_langs_url_idx" ON "gallery_langs" USING btree ("language_code","title_url");--> statement-breakpoint
CREATE UNIQUE INDEX "navigation_nodes_page_unique" ON "navigation_nodes" USING btree ("page_id");--> statement-breakpoint
CREATE INDEX "navigation_nodes_group_idx" ON "navigation_nodes" USING btree ("group_id","parent_id","position");--> statement-breakpoint
CREATE INDEX "page_galleries_gallery_idx" ON "page_galleries" USING btree ("gallery_id");--> statement-breakpoint
CREATE INDEX "page_langs_title_idx" ON "page_langs" USING btree ("language_code","title");--> statement-breakpoint
CREATE INDEX "page_langs_url_idx" ON "page_langs" USING btree ("language_code","title_url");--> statement-breakpoint
CREATE INDEX "page_panels_panel_idx" ON "page_panels" USING btree ("panel_id");--> statement-breakpoint
CREATE INDEX "pages_updated_idx" ON "pages" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "pages_module_idx" ON "pages" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "panel_langs_title_idx" ON "panel_langs" USING btree ("language_code","title");--> statement-breakpoint
CREATE INDEX "panels_priority_idx" ON "panels" USING btree ("priority");