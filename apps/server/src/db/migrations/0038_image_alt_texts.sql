-- Alternative texts per language: of every record's image (image_alt) and of gallery images (alt)
-- (docs/features/media-storage.md "Alternative texts").
ALTER TABLE "category_langs" ADD COLUMN "image_alt" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "gallery_langs" ADD COLUMN "image_alt" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "page_langs" ADD COLUMN "image_alt" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "gallery_image_langs" ADD COLUMN "alt" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "article_langs" ADD COLUMN "image_alt" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_langs" ADD COLUMN "image_alt" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reference_langs" ADD COLUMN "image_alt" varchar(255) DEFAULT '' NOT NULL;