CREATE TABLE "analytics_collect_counts" (
	"key" varchar(64) NOT NULL,
	"minute" integer NOT NULL,
	"beacons" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_collect_counts_key_minute_pk" PRIMARY KEY("key","minute")
);
