CREATE TABLE "analytics_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	"new_users" integer DEFAULT 0 NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"pageviews" integer DEFAULT 0 NOT NULL,
	"bounces" integer DEFAULT 0 NOT NULL,
	"duration_ms" bigint DEFAULT 0 NOT NULL,
	"goal_completions" integer DEFAULT 0 NOT NULL,
	"goal_value" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_dims" (
	"day" date NOT NULL,
	"dim" varchar(16) NOT NULL,
	"value" text NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_dims_dim_day_value_pk" PRIMARY KEY("dim","day","value")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_paths" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"pageviews" integer DEFAULT 0 NOT NULL,
	"entrances" integer DEFAULT 0 NOT NULL,
	"exits" integer DEFAULT 0 NOT NULL,
	"time_ms" bigint DEFAULT 0 NOT NULL,
	"timed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_paths_day_path_pk" PRIMARY KEY("day","path")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_visitors" (
	"day" date NOT NULL,
	"visitor_id" varchar(64) NOT NULL,
	CONSTRAINT "analytics_daily_visitors_day_visitor_id_pk" PRIMARY KEY("day","visitor_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_goals" (
	"id" serial PRIMARY KEY NOT NULL,
	"visitor_id" varchar(64) NOT NULL,
	"session_id" integer,
	"day" date NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"form_kind" varchar(32) NOT NULL,
	"submission_id" integer,
	"value" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_pageviews" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"view_key" varchar(64) NOT NULL,
	"visitor_id" varchar(64) NOT NULL,
	"session_id" integer NOT NULL,
	"day" date NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"path" text NOT NULL,
	"referrer" text DEFAULT '' NOT NULL,
	"utm_source" varchar(255) DEFAULT '' NOT NULL,
	"utm_medium" varchar(255) DEFAULT '' NOT NULL,
	"utm_campaign" varchar(255) DEFAULT '' NOT NULL,
	"utm_term" varchar(255) DEFAULT '' NOT NULL,
	"utm_content" varchar(255) DEFAULT '' NOT NULL,
	"duration_ms" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"visitor_id" varchar(64) NOT NULL,
	"day" date NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"last_seen_at" timestamp (3) with time zone NOT NULL,
	"is_new" smallint DEFAULT 0 NOT NULL,
	"pageviews" integer DEFAULT 0 NOT NULL,
	"duration_ms" bigint DEFAULT 0 NOT NULL,
	"entry_path" text NOT NULL,
	"exit_path" text NOT NULL,
	"exit_day" date NOT NULL,
	"referrer_page" text DEFAULT '' NOT NULL,
	"search_engine" varchar(32) DEFAULT '' NOT NULL,
	"keyword" text DEFAULT '' NOT NULL,
	"utm_source" varchar(255) DEFAULT '' NOT NULL,
	"utm_medium" varchar(255) DEFAULT '' NOT NULL,
	"utm_campaign" varchar(255) DEFAULT '' NOT NULL,
	"country" varchar(100) DEFAULT '' NOT NULL,
	"city" varchar(100) DEFAULT '' NOT NULL,
	"language" varchar(35) DEFAULT '' NOT NULL,
	"browser" varchar(64) DEFAULT '' NOT NULL,
	"system" varchar(64) DEFAULT '' NOT NULL,
	"screen" varchar(20) DEFAULT '' NOT NULL,
	"goal_completions" integer DEFAULT 0 NOT NULL,
	"goal_value" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_visitors" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"first_seen_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_goals" ADD CONSTRAINT "analytics_goals_session_id_analytics_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."analytics_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_pageviews" ADD CONSTRAINT "analytics_pageviews_session_id_analytics_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."analytics_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_goals_day_idx" ON "analytics_goals" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_pageviews_view_idx" ON "analytics_pageviews" USING btree ("visitor_id","view_key");--> statement-breakpoint
CREATE INDEX "analytics_pageviews_day_idx" ON "analytics_pageviews" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_sessions_visitor_idx" ON "analytics_sessions" USING btree ("visitor_id","last_seen_at");--> statement-breakpoint
CREATE INDEX "analytics_sessions_day_idx" ON "analytics_sessions" USING btree ("day");