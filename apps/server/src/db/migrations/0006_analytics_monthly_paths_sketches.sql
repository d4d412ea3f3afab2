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
ALTER TABLE "analytics_daily" ADD COLUMN "users_sketch" "bytea";--> statement-breakpoint
INSERT INTO "analytics_monthly_paths" ("month", "path", "pageviews", "entrances", "exits", "time_ms", "timed")
SELECT date_trunc('month', "day")::date, "path", sum("pageviews"), sum("entrances"), sum("exits"), sum("time_ms"), sum("timed")
FROM "analytics_daily_paths" GROUP BY 1, 2;
