CREATE TABLE "analytics_events" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"event" text NOT NULL,
	"distinct_id" text NOT NULL,
	"path" text NOT NULL,
	"target" text,
	"properties" jsonb NOT NULL,
	CONSTRAINT "analytics_events_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE TABLE "error_reports" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"path" text NOT NULL,
	"distinct_id" text NOT NULL,
	CONSTRAINT "error_reports_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE INDEX "analytics_events_at" ON "analytics_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "error_reports_at" ON "error_reports" USING btree ("at");