CREATE TABLE "gallery_upload_refusals" (
	"gallery_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"uuid" varchar(64) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gallery_upload_refusals_gallery_id_user_id_uuid_pk" PRIMARY KEY("gallery_id","user_id","uuid")
);
--> statement-breakpoint
DROP INDEX "gallery_uploads_created_idx";--> statement-breakpoint
ALTER TABLE "gallery_uploads" ADD COLUMN "claimed_by" varchar(32);--> statement-breakpoint
ALTER TABLE "gallery_uploads" ADD COLUMN "claimed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "gallery_upload_refusals" ADD CONSTRAINT "gallery_upload_refusals_gallery_id_galleries_id_fk" FOREIGN KEY ("gallery_id") REFERENCES "public"."galleries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_upload_refusals" ADD CONSTRAINT "gallery_upload_refusals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gallery_upload_refusals_created_idx" ON "gallery_upload_refusals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "gallery_uploads_updated_idx" ON "gallery_uploads" USING btree ("updated_at");--> statement-breakpoint
-- An assembly claimed the old way (total_chunks negated) becomes an expired claim that the client's retry takes over.
UPDATE "gallery_uploads" SET "total_chunks" = -"total_chunks", "claimed_by" = 'migrated', "claimed_at" = "updated_at" WHERE "total_chunks" < 0;
