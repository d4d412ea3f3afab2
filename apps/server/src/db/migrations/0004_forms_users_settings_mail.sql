CREATE TABLE "form_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company" varchar(255) DEFAULT '' NOT NULL,
	"name" varchar(255) DEFAULT '' NOT NULL,
	"email" varchar(255) DEFAULT '' NOT NULL,
	"phone" varchar(64) DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"language_code" varchar(2) DEFAULT 'sk' NOT NULL,
	"user_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "form_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) DEFAULT '' NOT NULL,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"ico" varchar(32) DEFAULT '' NOT NULL,
	"dic" varchar(32) DEFAULT '' NOT NULL,
	"icdph" varchar(32) DEFAULT '' NOT NULL,
	"contact" varchar(255) DEFAULT '' NOT NULL,
	"phone" varchar(64) DEFAULT '' NOT NULL,
	"email" varchar(255) DEFAULT '' NOT NULL,
	"material" varchar(255) DEFAULT '' NOT NULL,
	"material_desc" text DEFAULT '' NOT NULL,
	"faction" varchar(255) DEFAULT '' NOT NULL,
	"faction_desc" text DEFAULT '' NOT NULL,
	"weight" varchar(64) DEFAULT '' NOT NULL,
	"place" varchar(255) DEFAULT '' NOT NULL,
	"deadline" varchar(64) DEFAULT '' NOT NULL,
	"delivery" varchar(255) DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"language_code" varchar(2) DEFAULT 'sk' NOT NULL,
	"user_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "form_registration_cars" (
	"id" serial PRIMARY KEY NOT NULL,
	"registration_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"type" varchar(255) DEFAULT '' NOT NULL,
	"capacity" varchar(64) DEFAULT '' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"license" varchar(64) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) DEFAULT '' NOT NULL,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"ico" varchar(32) DEFAULT '' NOT NULL,
	"dic" varchar(32) DEFAULT '' NOT NULL,
	"icdph" varchar(32) DEFAULT '' NOT NULL,
	"contact" varchar(255) DEFAULT '' NOT NULL,
	"phone" varchar(64) DEFAULT '' NOT NULL,
	"email" varchar(255) DEFAULT '' NOT NULL,
	"fax" varchar(64) DEFAULT '' NOT NULL,
	"other_cars" text DEFAULT '' NOT NULL,
	"cars_total" integer DEFAULT 0 NOT NULL,
	"language_code" varchar(2) DEFAULT 'sk' NOT NULL,
	"user_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(2) NOT NULL,
	CONSTRAINT "countries_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "country_langs" (
	"country_id" integer NOT NULL,
	"language_code" varchar(2) NOT NULL,
	"name" varchar(128) NOT NULL,
	CONSTRAINT "country_langs_country_id_language_code_pk" PRIMARY KEY("country_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "mail_template_langs" (
	"template_id" integer NOT NULL,
	"language_code" varchar(2) NOT NULL,
	"title" varchar(255) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"content_plain" varchar(240) DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	CONSTRAINT "mail_template_langs_template_id_language_code_pk" PRIMARY KEY("template_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "mail_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"event" varchar(64) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone,
	CONSTRAINT "mail_templates_event_unique" UNIQUE("event")
);
--> statement-breakpoint
CREATE TABLE "setting_values" (
	"setting_id" integer NOT NULL,
	"key" varchar(64) NOT NULL,
	"language_code" varchar(2) NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	CONSTRAINT "setting_values_setting_id_key_language_code_pk" PRIMARY KEY("setting_id","key","language_code")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settings_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sex" smallint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "city" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "zip" varchar(16) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "country_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cellphone" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_name" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_address" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_city" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_zip" varchar(16) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_country_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_business_id" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_tax_id" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_vat" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "shipping_name" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "shipping_address" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "shipping_city" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "shipping_zip" varchar(16) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "shipping_country_id" integer;--> statement-breakpoint
ALTER TABLE "form_contacts" ADD CONSTRAINT "form_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_prices" ADD CONSTRAINT "form_prices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_registration_cars" ADD CONSTRAINT "form_registration_cars_registration_id_form_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."form_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_registrations" ADD CONSTRAINT "form_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "country_langs" ADD CONSTRAINT "country_langs_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "country_langs" ADD CONSTRAINT "country_langs_language_code_languages_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_template_langs" ADD CONSTRAINT "mail_template_langs_template_id_mail_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."mail_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_template_langs" ADD CONSTRAINT "mail_template_langs_language_code_languages_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setting_values" ADD CONSTRAINT "setting_values_setting_id_settings_id_fk" FOREIGN KEY ("setting_id") REFERENCES "public"."settings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setting_values" ADD CONSTRAINT "setting_values_language_code_languages_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_contacts_created_idx" ON "form_contacts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "form_prices_created_idx" ON "form_prices" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "form_registration_cars_registration_idx" ON "form_registration_cars" USING btree ("registration_id","position");--> statement-breakpoint
CREATE INDEX "form_registrations_created_idx" ON "form_registrations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "country_langs_name_idx" ON "country_langs" USING btree ("name");--> statement-breakpoint
CREATE INDEX "mail_template_langs_title_idx" ON "mail_template_langs" USING btree ("language_code","title");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_billing_country_id_countries_id_fk" FOREIGN KEY ("billing_country_id") REFERENCES "public"."countries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_shipping_country_id_countries_id_fk" FOREIGN KEY ("shipping_country_id") REFERENCES "public"."countries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_title_url_idx" ON "users" USING btree ("title_url");--> statement-breakpoint
CREATE INDEX "users_fullname_idx" ON "users" USING btree ("surname","name");