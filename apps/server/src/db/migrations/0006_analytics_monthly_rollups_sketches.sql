CREATE TABLE "analytics_monthly_dims" (
	"month" date NOT NULL,
	"dim" varchar(16) NOT NULL,
	"value" text NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_monthly_dims_dim_month_value_pk" PRIMARY KEY("dim","month","value")
);
--> statement-breakpoint
CREATE TABLE "analytics_monthly_paths" (
	"month" date NOT NULL,
	"path" text NOT NULL,
	"pageviews" integer DEFAULT 0 NOT NULL,
	"entrances" integer DEFAULT 0 NOT NULL,
	"exits" integer DEFAULT 0 NOT NULL,
	"time_ms" bigint DEFAULT 0 NOT NULL,
	"timed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_monthly_paths_month_path_pk" PRIMARY KEY("month","path")
);
--> statement-breakpoint
CREATE TABLE "analytics_monthly_users" (
	"month" date PRIMARY KEY NOT NULL,
	"users_sketch" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD COLUMN "users_sketch" "bytea";--> statement-breakpoint
INSERT INTO "analytics_monthly_paths" ("month", "path", "pageviews", "entrances", "exits", "time_ms", "timed")
SELECT date_trunc('month', "day")::date, "path", sum("pageviews"), sum("entrances"), sum("exits"), sum("time_ms"), sum("timed")
FROM "analytics_daily_paths" GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "analytics_monthly_dims" ("month", "dim", "value", "sessions")
SELECT date_trunc('month', "day")::date, "dim", "value", sum("sessions") FROM "analytics_daily_dims" GROUP BY 1, 2, 3;
