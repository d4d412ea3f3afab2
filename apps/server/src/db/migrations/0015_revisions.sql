CREATE TABLE "revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"model" varchar(64) NOT NULL,
	"record_id" integer NOT NULL,
	"user_id" integer,
	"action" varchar(32) NOT NULL,
	"changed" jsonb NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "revisions" ADD CONSTRAINT "revisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "revisions_record_idx" ON "revisions" USING btree ("model","record_id","id");