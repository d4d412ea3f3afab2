-- The title_urls records of the public site had before a save changed them: the site answers them with a 301 to
-- the record's address now (docs/features/public-site.md "Old addresses").
CREATE TABLE "old_addresses" (
	"kind" varchar(16) NOT NULL,
	"language_code" varchar(2) NOT NULL,
	"title_url" varchar(255) NOT NULL,
	"record_id" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "old_addresses_kind_language_code_title_url_pk" PRIMARY KEY("kind","language_code","title_url")
);
--> statement-breakpoint
ALTER TABLE "old_addresses" ADD CONSTRAINT "old_addresses_language_code_languages_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."languages"("code") ON DELETE no action ON UPDATE no action;