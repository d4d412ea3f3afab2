-- The responsive renditions made of each record image (docs/features/media-storage.md "Renditions"): one row per
-- original storage key with its pixel size and the renditions stored beside it, read by the site in one lookup.
CREATE TABLE "image_renditions" (
	"key" varchar(400) PRIMARY KEY NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"renditions" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
